import type { FastifyPluginAsync } from 'fastify'
import { AWAITING_DAYS, AWAITING_LIMIT, type AwaitingLead, type AwaitingLeads } from '../../common/booking-api.ts'
import type { Database } from '../db/database.ts'
import { utcText } from '../db/utc-text.ts'
import { followUpStateColumn } from '../notify/follow-up-state.ts'

export interface AwaitingRoutesOptions {
  db: Database
  /** How long after applying a lead without a booking is listed. */
  afterMinutes: number
}

/**
 * The inbox's list of leads that applied and have not booked (common/booking-api.ts),
 * registered under /api/admin where the session is checked.
 */
export const awaitingLeadRoutes: FastifyPluginAsync<AwaitingRoutesOptions> = async (app, { db, afterMinutes }) => {
  app.get('/bookings/awaiting', async (): Promise<AwaitingLeads> => {
    const rows = await db.query<Omit<AwaitingLead, 'id'> & { id: string }>(
      `SELECT s.id::text, s.name, s.email, ${utcText('s.created_at')} AS "appliedAt",
         ${followUpStateColumn('s.id')} AS "followUp"
       FROM contact_submissions s JOIN lead_pipeline p ON p.application_id = s.id
       WHERE NOT s.spam AND p.status IN ('new', 'contacted')
         AND s.created_at <= now() - make_interval(mins => $1::int) AND s.created_at > now() - make_interval(days => $2::int)
         AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.application_id = s.id)
       ORDER BY s.created_at DESC, s.id DESC LIMIT ${AWAITING_LIMIT}`,
      [afterMinutes, AWAITING_DAYS],
    )
    return { afterMinutes, leads: rows.map((row) => ({ ...row, id: Number(row.id) })) }
  })
}
