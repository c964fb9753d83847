/**
 * The funnel's gates, in order, written once: the server counts them, the
 * inbox's Funnel screen and its CSV name them the same way. One gate per
 * question of the wizard, so a new question is a new gate without a change here.
 */
import type { EventType } from './analytics.ts'
import { applicationForm } from './application-form.ts'
import { FUNNEL_DEFAULT_DAYS } from './funnel-api.ts'
import { utcDay } from './utc-day.ts'
import { zonedDay } from './zoned-day.ts'

export interface FunnelStageDefinition {
  id: string
  /** The event whose visitors the gate counts. */
  event: EventType
  /** For step_viewed: the question, 1-based. */
  step: number | null
  label: string
}

/** The wizard's questions: step_viewed carries 1 to this. */
export const STEP_COUNT = applicationForm.length

const gate = (id: string, event: EventType, label: string): FunnelStageDefinition => ({ id, event, step: null, label })

export const FUNNEL_STAGES: readonly FunnelStageDefinition[] = [
  gate('visitors', 'page_view', 'Visitors'),
  gate('results_viewed', 'results_viewed', 'Results viewed'),
  gate('countdown_finished', 'countdown_finished', 'Countdown finished'),
  gate('apply_clicked', 'apply_clicked', 'Apply clicked'),
  // Named by the question reached, numbered in the order the wizard asks them.
  ...applicationForm.map((question, index) => ({
    id: `step-${index + 1}`,
    event: 'step_viewed' as const,
    step: index + 1,
    label: `${index + 1}. ${question.label}`,
  })),
  gate('submitted', 'submit_succeeded', 'Submitted'),
  gate('booking_opened', 'booking_opened', 'Booking opened'),
]

/**
 * The stages after the page's gates, counted from the stored leads and their
 * bookings rather than from events, so they hold when the page posts straight
 * to Supabase: leads stored, leads with a booking, leads whose call has
 * started without a no-show mark or a cancellation.
 */
export const LEAD_STAGES = [
  { id: 'applications', label: 'Applications stored' },
  { id: 'booked', label: 'Booked a call' },
  { id: 'showed', label: 'Showed up for the call' },
] as const
export type LeadStageId = (typeof LEAD_STAGES)[number]['id']

/** The stage's label; an id no stage has is shown as it is. */
export const funnelStageLabel = (id: string) =>
  [...FUNNEL_STAGES, ...LEAD_STAGES].find((stage) => stage.id === id)?.label ?? id

const DAY_MS = 24 * 60 * 60 * 1000

/** The ISO day `days` after `day` (before, when negative). */
export const addDays = (day: string, days: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS))

/** The days from `from` to `to`, both included. */
export const rangeLength = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1

/**
 * The period a range is compared with: as many days, ending the day before it
 * starts. Null when it would begin before the calendar's first day (0001-01-01).
 */
export function previousRange(from: string, to: string): { from: string; to: string } | null {
  const start = addDays(from, -rangeLength(from, to))
  // A year before 1 is written 0000 or with a minus sign: both sort before 0001.
  return start < '0001-01-01' ? null : { from: start, to: addDays(from, -1) }
}

/** The range when none is asked for: the last FUNNEL_DEFAULT_DAYS, today (in `timeZone`) included. */
export function defaultFunnelRange(now = new Date(), timeZone = 'UTC'): { from: string; to: string } {
  const to = zonedDay(now, timeZone)
  return { from: addDays(to, 1 - FUNNEL_DEFAULT_DAYS), to }
}

/** The range a query asks for: a missing end is filled in so that the range is FUNNEL_DEFAULT_DAYS long. */
export function funnelRange(
  query: { from?: string | undefined; to?: string | undefined },
  now = new Date(),
  timeZone = 'UTC',
): { from: string; to: string } {
  if (query.from !== undefined && query.to !== undefined) return { from: query.from, to: query.to }
  if (query.from !== undefined) return { from: query.from, to: addDays(query.from, FUNNEL_DEFAULT_DAYS - 1) }
  if (query.to !== undefined) return { from: addDays(query.to, 1 - FUNNEL_DEFAULT_DAYS), to: query.to }
  return defaultFunnelRange(now, timeZone)
}
