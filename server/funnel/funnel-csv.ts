import { FUNNEL_CSV_COLUMNS, type Funnel } from '../../common/funnel-api.ts'
import { FUNNEL_DAYS_CSV_COLUMNS, FUNNEL_SOURCES_CSV_COLUMNS } from '../../common/funnel-report.ts'
import { funnelStageLabel } from '../../common/funnel.ts'
import { funnelSourceName } from '../../common/source-labels.ts'
import { csvRecord } from '../export/csv.ts'

/** A share (0–1) as a percentage with one decimal, as the screen shows it. */
const percent = (share: number | null) => (share === null ? '' : (share * 100).toFixed(1))

// Between the tables: an empty line, which a spreadsheet shows as an empty row.
const BLANK = '\r\n'

/**
 * The screen's three tables as one CSV, each with its own header after a
 * blank line: the gates, the sources, the days. The sources are the screen's,
 * capped as it caps them, with the row of the other sources last. The command-line export's
 * writer (every field quoted, formulas neutralised, CRLF).
 */
export function funnelCsv(funnel: Funnel): string {
  const stages = funnel.stages.map((stage) =>
    csvRecord([funnelStageLabel(stage.id), stage.visitors, stage.dropOff, percent(stage.dropOffRate)]),
  )
  const sources = funnel.bySource.map((row) =>
    csvRecord([
      row.source,
      funnelSourceName(row.source) ?? '',
      row.visitors,
      row.applications,
      percent(row.conversionRate),
      row.booked,
      percent(row.bookedRate),
      row.showed,
      percent(row.showedRate),
    ]),
  )
  const days = funnel.days.map((day) =>
    csvRecord([day.day, day.visitors, day.applications, percent(day.conversionRate)]),
  )
  return [
    csvRecord(FUNNEL_CSV_COLUMNS),
    ...stages,
    BLANK,
    csvRecord(FUNNEL_SOURCES_CSV_COLUMNS),
    ...sources,
    BLANK,
    csvRecord(FUNNEL_DAYS_CSV_COLUMNS),
    ...days,
  ].join('')
}
