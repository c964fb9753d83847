import type { FastifyPluginAsync } from 'fastify'
import type { Queryable } from '../db/database.ts'
import { registerPeriodicSweep } from '../http/periodic-sweep.ts'

/**
 * Days a delivery's receipt is kept: Cal.com's guard against a replay (ADR 026),
 * longer than the window in which a Cal.com delivery is taken at all
 * (CALCOM_MAX_AGE_DAYS, ADR 034).
 */
export const RECEIPT_DAYS = 30
export const BOOKING_SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000

/**
 * Deletes the receipts older than RECEIPT_DAYS and, with `unmatchedDays` set
 * (LEAD_RETENTION_DAYS), the bookings no lead matched received longer ago than
 * that, with their history. A matched booking goes with its lead (ON DELETE
 * CASCADE). Resolves to how many of each went.
 */
export async function deleteExpiredBookingRecords(db: Queryable, unmatchedDays: number | undefined) {
  const [result] = await db.query<{ receipts: number; bookings: number }>(
    `WITH receipts AS (
       DELETE FROM booking_receipts WHERE received_at < now() - make_interval(days => $1::int) RETURNING 1
     ), bookings AS (
       DELETE FROM bookings
       WHERE application_id IS NULL AND $2::int IS NOT NULL AND created_at < now() - make_interval(days => $2::int)
       RETURNING 1
     )
     SELECT (SELECT count(*)::int FROM receipts) AS receipts, (SELECT count(*)::int FROM bookings) AS bookings`,
    [RECEIPT_DAYS, unmatchedDays ?? null],
  )
  return { receipts: result?.receipts ?? 0, bookings: result?.bookings ?? 0 }
}

/** When the server starts and every day: expired receipts and, with LEAD_RETENTION_DAYS, expired unmatched bookings. */
export const bookingRetention: FastifyPluginAsync<{ db: Queryable; unmatchedDays: number | undefined }> = async (
  app,
  { db, unmatchedDays },
) => {
  registerPeriodicSweep(app, {
    intervalMs: BOOKING_SWEEP_INTERVAL_MS,
    failure: 'could not delete expired booking receipts',
    async run() {
      const deleted = await deleteExpiredBookingRecords(db, unmatchedDays)
      if (deleted.receipts + deleted.bookings > 0)
        app.log.info(deleted, 'deleted expired booking receipts and unmatched bookings')
    },
  })
}
