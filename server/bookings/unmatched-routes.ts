import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { bookingLinkSchema } from '../../common/admin-api-schema.ts'
import { UNMATCHED_LIMIT, type UnmatchedBooking } from '../../common/booking-api.ts'
import { recordAudit } from '../db/audit.ts'
import type { Database } from '../db/database.ts'
import { utcText } from '../db/utc-text.ts'
import { ApiError } from '../http/api-error.ts'
import { idParams } from '../http/id-param.ts'
import { markCallLinked, type LinkedCall } from '../lead-lifecycle/chase.ts'

/**
 * The inbox's bookings that no lead matched (ADR 026), registered under
 * /api/admin where the session and, for changes, the CSRF token are checked.
 * Linking one to a lead is audited, and moves the lead as the booking would have, arriving matched.
 */
export const unmatchedBookingRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/bookings/unmatched', async (): Promise<UnmatchedBooking[]> => {
    const rows = await db.query<Omit<UnmatchedBooking, 'id'> & { id: string }>(
      `SELECT id::text, provider, attendee_email AS "attendeeEmail", attendee_name AS "attendeeName",
         ${utcText('starts_at')} AS "startsAt", state, ${utcText('created_at')} AS "receivedAt"
       FROM bookings WHERE application_id IS NULL ORDER BY created_at DESC, id DESC LIMIT ${UNMATCHED_LIMIT}`,
    )
    return rows.map((row) => ({ ...row, id: Number(row.id) }))
  })

  const schema = { params: idParams('no such booking'), body: bookingLinkSchema }
  app.post('/bookings/:id/link', { schema }, async (request) => {
    const { leadId } = request.body
    const actor = request.admin.email
    const linked = await db.transaction(async (tx) => {
      const [lead] = await tx.query('SELECT 1 FROM contact_submissions WHERE id = $1 AND NOT spam', [leadId])
      if (!lead) throw new ApiError(404, 'no such lead')
      const [booking] = await tx.query<{
        id: string
        state: LinkedCall['state']
        cancel_reason: string | null
        replaced: boolean
      }>(
        `UPDATE bookings SET application_id = $2, updated_at = now() WHERE id = $1 AND application_id IS NULL
         RETURNING id::text, state, cancel_reason, replaced_by IS NOT NULL AS replaced`,
        [request.params.id, leadId],
      )
      if (!booking) return false
      await tx.query(
        `INSERT INTO booking_events (booking_id, kind, occurred_at, author) VALUES ($1, 'linked', now(), $2)`,
        [booking.id, actor],
      )
      const { state, cancel_reason: cancelReason, replaced } = booking
      await markCallLinked(tx, leadId, actor, { state, cancelReason, replaced })
      await recordAudit(tx, { actor, action: 'booking.link', leadId, detail: { bookingId: Number(booking.id) } })
      return true
    })
    if (!linked) throw new ApiError(409, 'This booking is already linked to a lead, or there is no such booking.')
    return { linked: true }
  })
}
