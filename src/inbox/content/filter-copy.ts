/** The lead list's filter bar: the source choice, the quick ranges, the phone's fold, the keys, and refusals in the server's words. */
export const filterCopy = {
  anySource: 'Any source',
  /** The choice for leads with no source: the funnel's "(direct)". */
  direct: '(direct) no source',
  /** A source's label when two sources read the same, e.g. "Instagram (ig)". */
  sourceWithKey: (label: string, source: string) => `${label} (${source})`,
  ranges: { presets: 'Quick ranges', today: 'Today', lastDays: (days: number) => `Last ${days} days` },
  /** The phone's button that shows the filters, with how many are set. */
  toggle: (active: number) => (active === 0 ? 'Filters' : `Filters (${active})`),
  skipToLeads: 'Skip to leads',
  shortcuts: 'Keyboard shortcuts',
  keys: [
    ['/', 'Search'],
    ['j', 'Next lead'],
    ['k', 'Previous lead'],
    ['Enter', 'Open the lead'],
    ['Esc', 'Leave the search field'],
  ] as const,
  /** A refusal the server explained, in its own words. */
  refused: (message: string) => `The server could not show this: ${message.replace(/[.!]$/u, '')}.`,
}
