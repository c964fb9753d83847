import { FUNNEL_CSV_COLUMNS, type Funnel } from '../../common/admin-api.ts'
import { funnelStageLabel } from '../../common/funnel.ts'
import { csvRecord } from '../export/csv.ts'

/** A share (0–1) as a percentage with one decimal, as the screen shows it. */
const percent = (share: number | null) => (share === null ? '' : (share * 100).toFixed(1))

/**
 * The gates as the screen's table shows them, as CSV: the command-line
 * export's writer (every field quoted, formulas neutralised, CRLF).
 */
export function funnelCsv(funnel: Funnel): string {
  const rows = funnel.stages.map((stage) =>
    csvRecord([funnelStageLabel(stage.id), stage.visitors, stage.dropOff, percent(stage.dropOffRate)]),
  )
  return csvRecord(FUNNEL_CSV_COLUMNS) + rows.join('')
}
