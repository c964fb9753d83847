import type { LeadSummary } from '../../../common/lead-list-api.ts'

/** A lead's name as a link text: never empty, so the link always has a name. */
export const leadName = (lead: LeadSummary) => lead.answers.name.trim() || `#${lead.id}`
