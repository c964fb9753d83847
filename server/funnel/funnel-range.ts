/** The funnel asked for: UTC days, both included, and one source or every one. */
export interface FunnelRange {
  from: string
  to: string
  /** undefined for every source; DIRECT_SOURCE for visits without one. */
  source: string | undefined
}
