import { FUNNEL_SOURCE_ROWS, OTHER_SOURCES, share, type FunnelSource } from '../../common/funnel-report.ts'

/**
 * The sources table as the Funnel answers it: the first FUNNEL_SOURCE_ROWS of
 * `ordered` (most applications first, then most visitors), the one asked for
 * kept among them wherever it ranks, then one OTHER_SOURCES row with the sums
 * of all the rest and its rates worked out from those sums, so the table's
 * columns add up to what they did uncapped. Ranking by applications first
 * keeps every source that brought leads in view, however many made-up sources
 * with a visitor each the anonymous events name. A source that is called
 * OTHER_SOURCES itself is counted in that row, so the key names one row.
 */
export function capSources(ordered: readonly FunnelSource[], chosen: string | undefined): FunnelSource[] {
  const named = ordered.filter((row) => row.source !== OTHER_SOURCES)
  if (named.length === ordered.length && named.length <= FUNNEL_SOURCE_ROWS) return [...ordered]
  const chosenRow = named.findIndex((row) => row.source === chosen)
  const keep = new Set(named.slice(0, FUNNEL_SOURCE_ROWS).map((row) => row.source))
  if (chosenRow >= FUNNEL_SOURCE_ROWS) {
    keep.delete(named[FUNNEL_SOURCE_ROWS - 1]?.source ?? '')
    keep.add(chosen ?? '')
  }
  const kept = named.filter((row) => keep.has(row.source))
  const rest = ordered.filter((row) => !keep.has(row.source))
  const sum = (key: keyof SourceCounts) => rest.reduce((total, row) => total + row[key], 0)
  return [
    ...kept,
    sourceRow(OTHER_SOURCES, {
      visitors: sum('visitors'),
      applications: sum('applications'),
      booked: sum('booked'),
      showed: sum('showed'),
    }),
  ]
}

/** What a row of the sources table counts; its rates follow from these. */
export interface SourceCounts {
  visitors: number
  applications: number
  booked: number
  showed: number
}

/** A row of the sources table: its counts, and each rate worked out from them. */
export const sourceRow = (source: string, { visitors, applications, booked, showed }: SourceCounts): FunnelSource => ({
  source,
  visitors,
  applications,
  conversionRate: share(applications, visitors),
  booked,
  showed,
  bookedRate: share(booked, applications),
  showedRate: share(showed, booked),
})
