/** A lead's place in the pipeline, which the list, the board and the lead's page all show. */

/** The pipeline, in its order. */
export const LEAD_STATUSES = ['new', 'contacted', 'booked', 'won', 'lost'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]
