import { describe, expect, it } from 'vitest'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { deleteExpiredBookingRecords, RECEIPT_DAYS } from './booking-retention.ts'

const temp = useTempDatabase()

const booking = async (id: string, applicationId: number | null, daysAgo: number) => {
  await temp.db.query(
    `INSERT INTO bookings (provider, provider_booking_id, application_id, created_at) VALUES ('calcom', $1, $2, now() - make_interval(days => $3::int))`,
    [id, applicationId, daysAgo],
  )
}
const bookingIds = async () =>
  (
    await temp.db.query<{ id: string }>('SELECT provider_booking_id AS id FROM bookings ORDER BY provider_booking_id')
  ).map((row) => row.id)

describe(`booking records' retention on ${DATABASE_TARGET}`, () => {
  it(`deletes receipts after ${RECEIPT_DAYS} days, and unmatched bookings only past LEAD_RETENTION_DAYS`, async () => {
    await temp.db.query(
      `INSERT INTO booking_receipts (provider, key, received_at) VALUES
         ('calcom', 'old', now() - make_interval(days => $1::int + 1)), ('calcom', 'recent', now() - make_interval(days => $1::int - 1))`,
      [RECEIPT_DAYS],
    )
    const lead = await insertApplication(temp.db)
    await booking('matched-old', lead, 400)
    await booking('unmatched-old', null, 400)
    await booking('unmatched-recent', null, 10)

    expect(await deleteExpiredBookingRecords(temp.db, undefined)).toEqual({ receipts: 1, bookings: 0 })
    expect((await temp.db.query<{ key: string }>('SELECT key FROM booking_receipts')).map((row) => row.key)).toEqual([
      'recent',
    ])
    expect(await bookingIds()).toEqual(['matched-old', 'unmatched-old', 'unmatched-recent'])

    expect(await deleteExpiredBookingRecords(temp.db, 365)).toEqual({ receipts: 0, bookings: 1 })
    expect(await bookingIds()).toEqual(['matched-old', 'unmatched-recent'])
  })

  it('deletes a lead’s bookings and their history with the lead', async () => {
    const lead = await insertApplication(temp.db)
    await booking('erased-with-lead', lead, 1)
    await temp.db.query(
      `INSERT INTO booking_events (booking_id, kind, occurred_at) SELECT id, 'created', now() FROM bookings WHERE provider_booking_id = 'erased-with-lead'`,
    )
    await temp.db.query('DELETE FROM contact_submissions WHERE id = $1', [lead])
    expect(await bookingIds()).not.toContain('erased-with-lead')
    expect(
      await temp.db.query(
        `SELECT 1 FROM booking_events e LEFT JOIN bookings b ON b.id = e.booking_id WHERE b.id IS NULL`,
      ),
    ).toEqual([])
  })
})
