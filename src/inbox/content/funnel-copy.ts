/** How the Funnel screen's comparison reads: headline figures, presets, the sources' table, the chart's readout and the folded days. */
export const funnelCopy = {
  headlineTitle: 'This range against the one before',
  headlineCaption: (previous: string) => `Compared with ${previous}`,
  noPrevious: 'No earlier period to compare with.',
  figures: {
    visitors: 'Visitors',
    applications: 'Applications',
    conversionRate: 'Conversion rate',
    booked: 'Booked calls',
  },
  /** A count's change, e.g. "+12% from 1,100"; `percent` is null when the period before had none. */
  countChange: (percent: string | null, before: string) =>
    percent === null ? `from ${before}` : `${percent} from ${before}`,
  /** A rate's change in percentage points, e.g. "+1.2 pts from 4.0%". */
  rateChange: (points: string, before: string) => `${points} pts from ${before}`,
  noRateBefore: 'no visitors before',
  up: 'up',
  down: 'down',
  same: 'no change',
  sourcesIntro:
    'Choose a source to see its funnel and its days. Rates: applications per visitor, and booked calls per application.',
  sourcesCaption: (range: string) =>
    `Visitors, applications and booked calls per source, ${range}. Choose a source to filter the funnel.`,
  everySource: 'Every source',
  /** The server's own words on a range it refused. */
  serverSays: (message: string) => `The server said: “${message}”.`,
  noSources: 'No source brought visitors or applications in this range.',
  showSource: (name: string) => `Show the funnel of ${name}`,
  conversionRate: 'Conversion',
  chosen: 'shown',
  /** Under the row that sums the sources past the table's cap (FUNNEL_SOURCE_ROWS). */
  otherSources: 'every source not listed above, summed',
  readout: 'Day on the chart',
  readoutHint: 'Point at the chart, or use the arrow keys here, to read a day.',
  readoutValue: (day: string, visitors: string, applications: string, rate: string) =>
    `${day}: ${visitors} visitors, ${applications} applications, conversion ${rate}`,
  noRate: 'none',
  daysToggle: 'Show the days as a table',
  noVisits: (days: string) => `${days}: no visits`,
} as const
