/**
 * GET /api/admin/leads/sources: the sources the leads (not spam) came from,
 * as lead_source (migrations/009) reads them, lower-cased and sorted, with
 * DIRECT_SOURCE (common/funnel-api.ts) last when some lead has none: the
 * choices of the list's Source filter. At most LEAD_SOURCES_MAX of them.
 */
export interface LeadSources {
  sources: string[]
}

/** The most sources the route answers: enough for any agency's campaigns, and a bound on its cost. */
export const LEAD_SOURCES_MAX = 100
