import type { FastifyInstance } from 'fastify'
import { beforeEach, describe, expect, it } from 'vitest'
import { EVENTS_PATH } from '../../common/analytics.ts'
import type { LeadDetail } from '../../common/lead-page-api.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { useSignedInInbox } from '../testing/signed-in-inbox.ts'
import type { TempDatabase } from '../testing/temp-database.ts'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36'

let temp: TempDatabase
let app: FastifyInstance
const { get } = useSignedInInbox((inbox) => {
  ;({ temp, app } = inbox)
})
beforeEach(async () => {
  await temp.db.exec('DELETE FROM contact_submissions; DELETE FROM page_events')
})

async function leadWithItsId() {
  const id = await insertLead(temp.db)
  const [row] = await temp.db.query<{ submission_id: string }>(
    'SELECT submission_id::text FROM contact_submissions WHERE id = $1',
    [id],
  )
  return { id, submissionId: String(row?.submission_id) }
}

/** What the landing page sends as the booking tab opens (use-booking-redirect.ts), from a browser of `headers`. */
const bookingOpened = (submissionId: string, headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: EVENTS_PATH,
    remoteAddress: '203.0.113.9',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME, ...headers },
    payload: JSON.stringify({ path: '/', events: [{ type: 'booking_opened', submission_id: submissionId }] }),
  })

const detailOf = async (id: number) => (await get(`/leads/${id}`)).json<LeadDetail>()

describe(`a lead's booking page on ${DATABASE_TARGET}`, () => {
  it('shows when it was first opened, once the page said so', async () => {
    const { id, submissionId } = await leadWithItsId()
    expect((await detailOf(id)).bookingOpenedAt).toBeNull()
    const before = Date.now()
    expect((await bookingOpened(submissionId, {})).statusCode).toBe(204)
    const openedAt = (await detailOf(id)).bookingOpenedAt
    expect(openedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
    expect(Date.parse(String(openedAt))).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(String(openedAt))).toBeLessThanOrEqual(Date.now() + 1000)
  })

  it.each([
    ['Sec-GPC: 1', { 'sec-gpc': '1' }],
    ['a headless browser', { 'user-agent': HEADLESS }],
  ])(
    'is recorded from a browser the funnel does not count (%s), with nothing of the visit stored',
    async (_name, headers) => {
      const { id, submissionId } = await leadWithItsId()
      expect((await bookingOpened(submissionId, headers)).statusCode).toBe(204)
      expect((await detailOf(id)).bookingOpenedAt).not.toBeNull()
      expect(await temp.db.query('SELECT 1 FROM page_events')).toEqual([])
    },
  )

  it('is not recorded for a batch that is not valid, and the uncounted sender still hears nothing', async () => {
    const { id } = await leadWithItsId()
    const response = await bookingOpened('not-a-uuid', { 'sec-gpc': '1' })
    expect(response.statusCode).toBe(204)
    expect((await detailOf(id)).bookingOpenedAt).toBeNull()
  })
})
