/** A lead's place in the pipeline, which the list, the board and the lead's page all show. */

/**
 * The pipeline, in its order. `to_chase`: the call was cancelled (and not
 * rescheduled) or the applicant did not show, so someone must chase them;
 * `showed`, `won`, `lost`: the outcome after a call (ADR 040).
 */
export const LEAD_STATUSES = ['new', 'contacted', 'booked', 'to_chase', 'showed', 'won', 'lost'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]
