import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_BOOKING_URL } from '../../common/site-defaults.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { emailHeader, emailPart } from '../testing/email-message.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { startPlainSmtp } from '../testing/plain-smtp.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { queueFollowUps } from './follow-up-sweep.ts'
import { UNSUBSCRIBE_PATH } from './unsubscribe-link.ts'

const AFTER_MINUTES = 30
const PUBLIC_URL = 'https://apply.agency.example'
const FOLLOW_UP_ENV = {
  FOLLOW_UP_AFTER_MINUTES: String(AFTER_MINUTES),
  PUBLIC_URL,
  CALENDLY_WEBHOOK_SIGNING_KEY: 'calendly-signing-key-for-tests-0123',
  LEAD_EMAIL_TO: 'sales@agency.example',
  LEAD_EMAIL_FROM: 'hello@agency.example',
}

const temp = useTempDatabase()
let smtp: Awaited<ReturnType<typeof startPlainSmtp>>
beforeAll(async () => {
  smtp = await startPlainSmtp({ user: 'mailer', password: 'secret' })
})
afterAll(async () => {
  await smtp.close()
})
beforeEach(async () => {
  // Every lead below is backdated into one window the sweep has not looked at yet.
  await temp.db.query(`DELETE FROM follow_up_sweep`)
  await temp.db.query(`INSERT INTO follow_up_sweep (id, swept_until) VALUES (1, now() - interval '2 days')`)
})

/** A lead that applied `minutesAgo` minutes ago, with its own address unless given one. */
async function leadFrom(
  minutesAgo: number,
  { email = `applicant-${Math.random().toString(36).slice(2)}@example.com`, spam = false } = {},
) {
  const id = await insertApplication(temp.db, { spam, answers: { email, name: 'Ada Lovelace' } })
  await temp.db.query(`UPDATE contact_submissions SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [
    id,
    minutesAgo,
  ])
  const [row] = await temp.db.query<{ submission_id: string }>(
    'SELECT submission_id::text FROM contact_submissions WHERE id = $1',
    [id],
  )
  return { id, email, submissionId: row?.submission_id ?? '' }
}

const followUpsOf = async (id: number) =>
  (
    await temp.db.query<{ state: string }>(
      `SELECT state FROM lead_deliveries WHERE application_id = $1 AND event = 'follow_up'`,
      [id],
    )
  ).length

describe(`follow-ups of applicants who did not book, on ${DATABASE_TARGET}`, () => {
  it('are queued once, after the wait, for open leads with no booking or booking request, no spam flag and no opt-out', async () => {
    const due = await leadFrom(AFTER_MINUTES + 5)
    const tooRecent = await leadFrom(AFTER_MINUTES - 5)
    const spam = await leadFrom(AFTER_MINUTES + 5, { spam: true })
    const booked = await leadFrom(AFTER_MINUTES + 5)
    await temp.db.query(
      `INSERT INTO bookings (provider, provider_booking_id, application_id) VALUES ('calendly', $1, $2)`,
      [`https://api.calendly.com/invitees/${booked.id}`, booked.id],
    )
    // A Cal.com booking waiting for the host's confirmation is a booking to the applicant.
    const awaitingHost = await leadFrom(AFTER_MINUTES + 5)
    await temp.db.query(
      `INSERT INTO booking_requests (provider, provider_booking_id, application_id, requested_at) VALUES ('calcom', $1, $2, now())`,
      [`request-${awaitingHost.id}`, awaitingHost.id],
    )
    const lost = await leadFrom(AFTER_MINUTES + 5)
    await temp.db.query(`UPDATE lead_pipeline SET status = 'lost' WHERE application_id = $1`, [lost.id])
    const optedOut = await leadFrom(AFTER_MINUTES + 5, { email: 'Stop.Writing@Example.com' })
    await temp.db.query(
      `INSERT INTO follow_up_opt_outs (email_sha256) VALUES (encode(sha256(convert_to('stop.writing@example.com', 'UTF8')), 'hex'))`,
    )

    expect(await queueFollowUps(temp.db, AFTER_MINUTES)).toBe(1)
    expect(await followUpsOf(due.id)).toBe(1)
    for (const lead of [tooRecent, spam, booked, awaitingHost, lost, optedOut])
      expect(await followUpsOf(lead.id)).toBe(0)

    // Never twice for a lead, though the sweep looks at it again.
    await temp.db.query(`UPDATE follow_up_sweep SET swept_until = now() - interval '2 days'`)
    expect(await queueFollowUps(temp.db, AFTER_MINUTES)).toBe(0)
    expect(await followUpsOf(due.id)).toBe(1)
  })

  it('start from the moment they are turned on: nobody who applied before gets one', async () => {
    await temp.db.query(`DELETE FROM follow_up_sweep`)
    const before = await leadFrom(AFTER_MINUTES + 5)
    expect(await queueFollowUps(temp.db, AFTER_MINUTES)).toBe(0)
    expect(await followUpsOf(before.id)).toBe(0)
  })

  it('send one email from LEAD_EMAIL_FROM with the prefilled booking link and a one-click unsubscribe that stops them', async () => {
    // Before the app starts: backdated after its first sweep, it would sit behind that sweep's mark.
    const lead = await leadFrom(AFTER_MINUTES + 2)
    const app = buildApp({
      config: parseConfig({ ...FOLLOW_UP_ENV, SMTP_URL: `smtp://mailer:secret@127.0.0.1:${smtp.port}` }),
      db: temp.db,
    })
    await app.ready()
    try {
      // The app sweeps as it starts, too: whichever sweep takes the lead, it is queued once.
      await queueFollowUps(temp.db, AFTER_MINUTES)
      expect(await followUpsOf(lead.id)).toBe(1)
      const mine = () => smtp.messages.filter((message) => message.to.includes(lead.email))
      for (let round = 0; round < 200 && mine().length === 0; round++) await sleep(25)
      await sleep(300)
      expect(mine()).toHaveLength(1)
      const [email] = mine()
      expect(email?.from).toBe('hello@agency.example')
      expect(emailHeader(email?.raw ?? '', 'Subject')).toBe('Your strategy call is one step away')
      expect(emailHeader(email?.raw ?? '', 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
      const unsubscribe = /^<(.+)>$/.exec(emailHeader(email?.raw ?? '', 'List-Unsubscribe') ?? '')?.[1] ?? ''
      expect(unsubscribe.startsWith(`${PUBLIC_URL}${UNSUBSCRIBE_PATH}?`)).toBe(true)
      const text = emailPart(email?.raw ?? '', 'text/plain')
      expect(text).toContain('Hi Ada,')
      const booking = new URL(
        text.split('\n').find((line) => line.startsWith(DEFAULT_BOOKING_URL)) ?? 'https://missing.example',
      )
      expect(booking.searchParams.get('salesforce_uuid')).toBe(lead.submissionId)
      expect(booking.searchParams.get('email')).toBe(lead.email)
      expect(text).toContain(unsubscribe)
      expect(
        await temp.db.query(`SELECT state FROM lead_deliveries WHERE application_id = $1 AND event = 'follow_up'`, [
          lead.id,
        ]),
      ).toEqual([{ state: 'delivered' }])

      const path = unsubscribe.slice(PUBLIC_URL.length)
      const oneClick = { 'content-type': 'application/x-www-form-urlencoded' }
      // A person opening the link is asked first: a mail scanner's GET must not unsubscribe anyone.
      const optOuts = async () => (await temp.db.query('SELECT 1 FROM follow_up_opt_outs')).length
      const before = await optOuts()
      const opened = await app.inject({ method: 'GET', url: path })
      expect(opened.statusCode).toBe(200)
      expect(opened.body).toContain('<form method="post">')
      expect(await optOuts()).toBe(before)
      const first = await app.inject({
        method: 'POST',
        url: path,
        headers: oneClick,
        payload: 'List-Unsubscribe=One-Click',
      })
      expect(first.statusCode).toBe(200)
      expect(first.body).toContain('you will get no more follow-up emails')
      const second = await app.inject({
        method: 'POST',
        url: path,
        headers: oneClick,
        payload: 'List-Unsubscribe=One-Click',
      })
      expect(second.body).toContain('You had already stopped follow-up emails')

      // Forged or altered links change nothing.
      const other = await leadFrom(AFTER_MINUTES + 2)
      const forged = path.replace(lead.submissionId, other.submissionId)
      for (const url of [
        forged,
        `${UNSUBSCRIBE_PATH}?application=${other.submissionId}&signature=${'A'.repeat(43)}`,
        UNSUBSCRIBE_PATH,
      ]) {
        const refused = await app.inject({
          method: 'POST',
          url,
          headers: oneClick,
          payload: 'List-Unsubscribe=One-Click',
        })
        expect(refused.statusCode).toBe(400)
        expect(refused.body).toContain('This link is not valid')
      }
      expect(await optOuts()).toBe(before + 1)

      // The same person applying again gets no follow-up now (someone who did not unsubscribe would).
      await temp.db.query(`UPDATE follow_up_sweep SET swept_until = now() - interval '2 days'`)
      const returning = await leadFrom(AFTER_MINUTES + 1, { email: lead.email })
      await queueFollowUps(temp.db, AFTER_MINUTES)
      expect(await followUpsOf(returning.id)).toBe(0)
      expect(await followUpsOf(other.id)).toBe(1)
    } finally {
      await app.close()
    }
  })

  it('are refused at start without what they need, naming it', () => {
    expect(() => parseConfig({ FOLLOW_UP_AFTER_MINUTES: '30' })).toThrow(
      /FOLLOW_UP_AFTER_MINUTES: needs PUBLIC_URL.*SMTP_URL and LEAD_EMAIL_FROM.*CALENDLY_WEBHOOK_SIGNING_KEY or CALCOM_WEBHOOK_SECRET/,
    )
    const withSmtp = { ...FOLLOW_UP_ENV, SMTP_URL: 'smtps://u:p@mail.example' }
    expect(parseConfig(withSmtp).notifications.followUp).toEqual({
      afterMinutes: AFTER_MINUTES,
      publicUrl: PUBLIC_URL,
      smtpUrl: 'smtps://u:p@mail.example',
      from: 'hello@agency.example',
    })
    expect(() => parseConfig({ ...withSmtp, PUBLIC_URL: 'https://apply.agency.example/path' })).toThrow(
      /PUBLIC_URL: must be the site's origin/,
    )
    expect(() => parseConfig({ ...withSmtp, FOLLOW_UP_AFTER_MINUTES: '0' })).toThrow(
      /FOLLOW_UP_AFTER_MINUTES: must be from 1/,
    )
    expect(parseConfig({}).notifications.followUp).toBeUndefined()
  })
})
