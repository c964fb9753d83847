import {
  AGENDA_SECTION_LIMIT,
  type Agenda,
  type AgendaCall,
  type AgendaSection,
  type AgendaSectionId,
} from '../../common/agenda-api.ts'
import type { BookingProvider } from '../../common/booking-api.ts'
import { addDays } from '../../common/funnel.ts'
import type { LeadStatus } from '../../common/lead-status.ts'
import { zonedDay, zonedDayStart } from '../../common/zoned-day.ts'
import type { Queryable, Row } from '../db/database.ts'
import { utcText } from '../db/utc-text.ts'
import { callNeedsOutcomeSql } from '../lead-lifecycle/chase.ts'
import { ownerColumns, ownerOf } from '../lead-lifecycle/owner-change.ts'

/** The calls that need an outcome: the lead lifecycle's rule (ADR 040), read from each call `b` of a lead `p`. */
export const NEEDS_AN_OUTCOME = callNeedsOutcomeSql('b', 'p')

/** The days the agenda's sections cover, counted from today: this week is the 7 days from today. */
const WEEK_DAYS = 7

interface CallRow extends Row {
  booking_id: string
  lead_id: string
  lead_name: string
  status: LeadStatus
  starts_at: string
  ends_at: string | null
  provider: BookingProvider
  join_url: string | null
  owner_id: string | null
  owner_email: string | null
}

// The calls of leads (not spam) whose booking is still on, read from bookings_agenda_idx (migrations/025).
const callsOf = (lead: string, pipeline: string) => `SELECT b.id::text AS booking_id, s.id::text AS lead_id,
    s.name AS lead_name, p.status, ${utcText('b.starts_at')} AS starts_at, ${utcText('b.ends_at')} AS ends_at,
    b.provider, b.join_url, ${ownerColumns('p')}
  FROM bookings b ${lead} ${pipeline}
  WHERE b.state = 'scheduled' AND b.application_id IS NOT NULL AND NOT s.spam`
/** The calls that need an outcome, oldest first, up to $1. */
export const PAST_CALLS_SQL = `${callsOf(
  'JOIN contact_submissions s ON s.id = b.application_id',
  'JOIN lead_pipeline p ON p.application_id = b.application_id',
)}
  AND ${NEEDS_AN_OUTCOME} ORDER BY b.starts_at, b.id LIMIT $1`
/**
 * The calls from $1 to $2 that do not need an outcome, in start order, up to $3. The planner would
 * hash every lead (50 ms at 100,000 leads) to join a week's calls: `OFFSET 0` keeps each call's
 * lead a lookup by key as the calls are read in order, which stops at the limit (5 ms).
 */
export const CALLS_TO_COME_SQL = `${callsOf(
  'JOIN LATERAL (SELECT id, name, spam FROM contact_submissions WHERE id = b.application_id OFFSET 0) s ON true',
  'JOIN LATERAL (SELECT status, owner FROM lead_pipeline WHERE application_id = b.application_id OFFSET 0) p ON true',
)}
  AND b.starts_at >= $1::timestamptz AND b.starts_at < $2::timestamptz AND NOT (${NEEDS_AN_OUTCOME})
  ORDER BY b.starts_at, b.id LIMIT $3`

const callOf = (row: CallRow): AgendaCall => ({
  bookingId: Number(row.booking_id),
  leadId: Number(row.lead_id),
  leadName: row.lead_name,
  status: row.status,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  provider: row.provider,
  joinUrl: row.join_url,
  owner: ownerOf(row),
})

/**
 * The agenda at `now` in `timeZone`: two reads of at most a few hundred rows
 * each, whatever the size of the inbox. The calls to come are read from
 * today's start to the end of the week, except those that need an outcome,
 * which are the past section's.
 */
export async function readAgenda(db: Queryable, timeZone: string, now = new Date()): Promise<Agenda> {
  const today = zonedDay(now, timeZone)
  const starts = [0, 1, 2, WEEK_DAYS].map((days) => zonedDayStart(addDays(today, days), timeZone))
  const [todayStart, tomorrowStart, laterStart, weekEnd] = starts as [Date, Date, Date, Date]
  const upcoming = await db.query<CallRow>(CALLS_TO_COME_SQL, [
    todayStart.toISOString(),
    weekEnd.toISOString(),
    3 * AGENDA_SECTION_LIMIT + 1,
  ])
  const past = await db.query<CallRow>(PAST_CALLS_SQL, [AGENDA_SECTION_LIMIT + 1])
  const upcomingCut = upcoming.length > 3 * AGENDA_SECTION_LIMIT
  // Instants compared as instants: the rows' text has microseconds, an ISO string milliseconds.
  const within = (from: Date, to: Date) =>
    upcoming.filter((row) => {
      const start = Date.parse(row.starts_at)
      return start >= from.getTime() && start < to.getTime()
    })
  const section = (id: AgendaSectionId, rows: CallRow[], cut: boolean): AgendaSection => ({
    id,
    calls: rows.slice(0, AGENDA_SECTION_LIMIT).map(callOf),
    more: cut || rows.length > AGENDA_SECTION_LIMIT,
  })
  const later = within(laterStart, weekEnd)
  return {
    timeZone,
    today,
    sections: [
      section('today', within(todayStart, tomorrowStart), false),
      section('tomorrow', within(tomorrowStart, laterStart), false),
      section('week', later, upcomingCut),
      section('past', past, false),
    ],
  }
}
