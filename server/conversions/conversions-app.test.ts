// The conversions wired in the real app: the public insert and the booking
// webhooks make the rows, the worker sends them through a port double of the
// sender (the wire is the platforms' part, tested against their stand-ins).
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOOKING_WEBHOOK_PATHS } from '../../common/booking-api.ts'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { calendlyDelivery, calendlyInviteeUri } from '../testing/booking-senders.ts'
import { consentFor, scriptedSender } from '../testing/conversion-doubles.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { until } from '../testing/notification-channels.ts'
import { CLIENT_HEADERS, columnsOf } from '../testing/submission-app.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { tokenFingerprint } from './platforms.ts'
import { leadConversions, platformStatuses } from './read-model.ts'

const KEY = 'calendly-signing-key-for-tests-0123'
const temp = useTempDatabase()
const recorded = scriptedSender((event, platform) => ({ kind: 'sent', traceId: `${platform}:${event.rowId}` }))
const config = () => parseConfig({ CALENDLY_WEBHOOK_SIGNING_KEY: KEY, SUBMIT_RATE_LIMIT: '0' })
let app: FastifyInstance

beforeAll(async () => {
  app = buildApp({
    config: config(),
    db: temp.db,
    conversions: {
      platforms: (['meta', 'google', 'tiktok'] as const).map((platform) => ({
        platform,
        fingerprint: tokenFingerprint(`${platform}-token`),
      })),
      sender: recorded.sender,
      consent: consentFor(),
      pollMs: 50,
    },
  })
  await app.ready()
})
afterAll(async () => {
  await app.close()
})

async function apply() {
  const submissionId = randomUUID()
  const body = [{ ...validAnswers(), submission_id: submissionId }]
  const answer = await app.inject({
    method: 'POST',
    url: CONTACT_SUBMISSIONS_PATH + columnsOf(body),
    headers: CLIENT_HEADERS,
    payload: JSON.stringify(body),
  })
  expect(answer.statusCode).toBe(201)
  const [row] = await temp.db.query<{ id: number }>('SELECT id FROM contact_submissions WHERE submission_id = $1', [
    submissionId,
  ])
  return { id: Number(row?.id), submissionId }
}
const calendly = (event: string, invitee: Parameters<typeof calendlyDelivery>[1]) => {
  const { body, headers } = calendlyDelivery(event, invitee, { key: KEY })
  return app.inject({ method: 'POST', url: BOOKING_WEBHOOK_PATHS.calendly, headers, payload: body })
}
const sentFor = (submissionId: string, stage: string) =>
  recorded.events().filter(({ event }) => event.eventId === `${submissionId}:${stage}` && event.kind === 'conversion')

describe(`conversions in the app (ADR 048) on ${DATABASE_TARGET}`, () => {
  it('sends an application stored through the public insert to every configured platform, once', async () => {
    const lead = await apply()
    await until(() => sentFor(lead.submissionId, 'application').length === 3, 'the application on three platforms')
    expect(
      sentFor(lead.submissionId, 'application')
        .map(({ platform }) => platform)
        .sort(),
    ).toEqual(['google', 'meta', 'tiktok'])
    const statuses = await platformStatuses(temp.db)
    expect(statuses.map((status) => [status.platform, status.configured, status.paused])).toEqual([
      ['meta', true, false],
      ['google', true, false],
      ['tiktok', true, false],
    ])
  })

  it('books once per platform when the same booking webhook arrives twice at once', async () => {
    const lead = await apply()
    const uri = calendlyInviteeUri()
    const answers = await Promise.all([
      calendly('invitee.created', { uri, salesforceUuid: lead.submissionId }),
      calendly('invitee.created', { uri, salesforceUuid: lead.submissionId }),
    ])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200])
    await until(() => sentFor(lead.submissionId, 'booked').length >= 3, 'booked on three platforms')
    // A later round would have found a second row by now.
    await until(async () => (await leadConversions(temp.db, lead.id)).every((row) => row.state === 'sent'), 'all sent')
    expect(sentFor(lead.submissionId, 'booked')).toHaveLength(3)

    await calendly('invitee.canceled', { uri, salesforceUuid: lead.submissionId, rescheduled: false })
    const retraction = (await leadConversions(temp.db, lead.id)).find((row) => row.kind === 'retraction')
    expect(retraction).toMatchObject({ platform: 'google', stage: 'booked', state: 'pending' })
  })

  it('keeps a platform paused by a refused token across a restart with it, and resumes it when a server starts with another', async () => {
    const restart = async (googleToken: string) => {
      await app.close()
      app = buildApp({
        config: config(),
        db: temp.db,
        conversions: {
          platforms: [{ platform: 'google', fingerprint: tokenFingerprint(googleToken) }],
          sender: recorded.sender,
          consent: consentFor(),
          pollMs: 50,
        },
      })
      await app.ready()
    }
    await temp.db.query(
      `UPDATE conversion_platforms SET paused_at = now(), paused_reason = 'HTTP 401', paused_fingerprint = $1
       WHERE platform = 'google'`,
      [tokenFingerprint('google-token')],
    )
    const lead = await apply()
    await restart('google-token')
    await new Promise((resolve) => setTimeout(resolve, 300))
    const toGoogle = () => sentFor(lead.submissionId, 'application').filter(({ platform }) => platform === 'google')
    expect(toGoogle()).toEqual([])
    expect((await platformStatuses(temp.db)).find((p) => p.platform === 'google')?.paused).toBe(true)
    await restart('google-token-renewed')
    await until(() => toGoogle().length === 1, 'the application sent to Google once resumed')
    expect((await platformStatuses(temp.db)).find((p) => p.platform === 'google')?.paused).toBe(false)
  })

  it('writes no rows, and runs no worker, once a server starts with no platform configured', async () => {
    await app.close()
    app = buildApp({ config: config(), db: temp.db })
    await app.ready()
    expect((await platformStatuses(temp.db)).map((status) => status.configured)).toEqual([false, false, false])
    const lead = await apply()
    expect(await leadConversions(temp.db, lead.id)).toEqual([])
  })
})
