import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../config.ts'
import { madeUpEvent, madeUpEvents } from '../../testing/ad-platforms/conversion-events.ts'
import { startGoogleStandIn } from '../../testing/ad-platforms/google-stand-in.ts'
import { createConversionPlatforms } from './conversion-platforms.ts'
import { sha256Hex } from './match-keys.ts'

const CREDENTIALS = {
  customerId: '1234567890',
  developerToken: 'stand-in-developer-token',
  clientId: 'stand-in.apps.googleusercontent.com',
  clientSecret: 'stand-in-client-secret',
  refreshToken: '1//stand-in-refresh-token',
}
const ACTIONS = { application: '111', booked: '222', showed: '333', won: '444' }
type StandIn = Awaited<ReturnType<typeof startGoogleStandIn>>
let google: StandIn

const platformsFor = (standIn: StandIn, extra: NodeJS.ProcessEnv = {}) =>
  createConversionPlatforms(
    parseConfig({
      GOOGLE_ADS_CUSTOMER_ID: CREDENTIALS.customerId,
      GOOGLE_ADS_DEVELOPER_TOKEN: CREDENTIALS.developerToken,
      GOOGLE_ADS_CLIENT_ID: CREDENTIALS.clientId,
      GOOGLE_ADS_CLIENT_SECRET: CREDENTIALS.clientSecret,
      GOOGLE_ADS_REFRESH_TOKEN: CREDENTIALS.refreshToken,
      GOOGLE_ADS_CONVERSION_ACTIONS: Object.entries(ACTIONS)
        .map(([stage, id]) => `${stage}=${id}`)
        .join(','),
      GOOGLE_ADS_API_URL: standIn.url,
      GOOGLE_OAUTH_TOKEN_URL: standIn.tokenUrl,
      ...extra,
    }).conversions,
    { timeZone: 'Europe/Paris' },
  )
const platforms = () => platformsFor(google)
const orderId = (event: { submissionId: string; stage: string }) => `${event.submissionId}:${event.stage}`

beforeAll(async () => {
  google = await startGoogleStandIn(CREDENTIALS)
})
afterAll(() => google.close())

describe('Google Ads click conversions', () => {
  it('records every conversion, in requests of at most 2,000, on one access token kept between calls', async () => {
    const sender = platforms()
    const events = madeUpEvents(2_001)
    const before = google.requests.length
    const results = await sender.sendConversions('google', events)
    expect(results.every((result) => result.status === 'sent' && result.traceId?.startsWith('req-'))).toBe(true)
    for (const event of events) expect(google.conversions.has(orderId(event))).toBe(true)
    await sender.sendConversions('google', madeUpEvents(1))
    const paths = google.requests.slice(before).map((request) => request.path)
    expect(paths).toEqual(['/token', ...Array<string>(3).fill('/v26/customers/1234567890:uploadClickConversions')])
    expect(google.refusals).toEqual([])
  })

  it('sends exactly one click id (gclid, else gbraid, else wbraid), else the hashed email and phone', async () => {
    const both = madeUpEvent({ gbraid: 'gbraid-0123456789', wbraid: 'wbraid-0123456789' })
    const braids = madeUpEvent({ gclid: undefined, gbraid: 'gbraid-0123456789', wbraid: 'wbraid-0123456789' })
    const none = madeUpEvent({
      gclid: undefined,
      email: 'J.O.H.N@Gmail.com',
      stage: 'won',
      value: { amount: 900, currency: 'USD' },
    })
    expect((await platforms().sendConversions('google', [both, braids, none])).map((result) => result.status)).toEqual([
      'sent',
      'sent',
      'sent',
    ])
    const [first, second, third] = [both, braids, none].map((event) => google.conversions.get(orderId(event)))
    expect(first).toMatchObject({ gclid: both.gclid, consent: { adUserData: 'GRANTED' } })
    expect(first).not.toHaveProperty('gbraid')
    expect(second).toMatchObject({ gbraid: 'gbraid-0123456789' })
    expect(second).not.toHaveProperty('wbraid')
    expect(third).toEqual({
      conversionAction: 'customers/1234567890/conversionActions/444',
      conversionDateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\+0[12]:00$/),
      userIdentifiers: [
        { hashedEmail: sha256Hex('john@gmail.com') },
        { hashedPhoneNumber: sha256Hex('+448444124653') },
      ],
      orderId: orderId(none),
      conversionValue: 900,
      currencyCode: 'USD',
      consent: { adUserData: 'GRANTED' },
    })
  })

  it('reads the partial failure row by row: each row ends as its own error says', async () => {
    const events = madeUpEvents(6)
    const [tooRecent, notFound, expired, unparseable, fine, repeat] = events
    google.rowError(orderId(tooRecent!), { code: { conversionUploadError: 'TOO_RECENT_EVENT' }, message: 'wait' })
    google.rowError(orderId(notFound!), { code: { conversionUploadError: 'CLICK_NOT_FOUND' }, message: 'no click' })
    google.rowError(orderId(expired!), { code: { conversionUploadError: 'EXPIRED_EVENT' }, message: 'old click' })
    google.rowError(orderId(unparseable!), { code: { conversionUploadError: 'UNPARSEABLE_GCLID' }, message: 'bad' })
    await platforms().sendConversions('google', [repeat!])
    const started = Date.now()
    const results = await platforms().sendConversions('google', events)
    expect(results.map((result) => result.status)).toEqual(['retry', 'skipped', 'expired', 'failed', 'sent', 'sent'])
    const notBefore = results[0]?.status === 'retry' ? results[0].notBefore?.getTime() : undefined
    expect(notBefore).toBeGreaterThanOrEqual(started + 6 * 3_600_000)
    expect(results[3]).toMatchObject({ reason: expect.stringContaining('UNPARSEABLE_GCLID') })
    expect(google.conversions.has(orderId(fine!))).toBe(true)
  })

  it('skips a stage with no conversion action and a lead with nothing to match on, sending nothing', async () => {
    const before = google.requests.length
    const sender = platformsFor(google, { GOOGLE_ADS_CONVERSION_ACTIONS: 'application=111' })
    const results = await sender.sendConversions('google', [
      madeUpEvent({ stage: 'booked' }),
      madeUpEvent({ gclid: undefined, email: undefined, phone: undefined }),
    ])
    expect(results.map((result) => result.status)).toEqual(['skipped', 'skipped'])
    expect(google.requests.length).toBe(before)
  })

  it('retries after the retryDelay of RESOURCE_TEMPORARILY_EXHAUSTED, and after a 503 by the caller’s backoff', async () => {
    const sender = platforms()
    google.answer('rate-limit')
    const started = Date.now()
    const [limited] = await sender.sendConversions('google', [madeUpEvent()])
    expect(limited).toMatchObject({
      status: 'retry',
      reason: expect.stringContaining('RESOURCE_TEMPORARILY_EXHAUSTED'),
    })
    const notBefore = limited?.status === 'retry' ? limited.notBefore?.getTime() : undefined
    expect(notBefore).toBeGreaterThanOrEqual(started + 30_000)
    google.answer('transient')
    expect(await sender.sendConversions('google', [madeUpEvent()])).toEqual([
      { status: 'retry', reason: expect.stringContaining('503'), notBefore: undefined },
    ])
  })

  it('asks for a new access token once on a 401, and pauses on a second, a 403 or a refused refresh token', async () => {
    const sender = platforms()
    await sender.sendConversions('google', [madeUpEvent()])
    const issued = google.tokensIssued()
    google.answer('unauthenticated')
    expect((await sender.sendConversions('google', [madeUpEvent()]))[0]?.status).toBe('sent')
    expect(google.tokensIssued()).toBe(issued + 1)
    google.answer('unauthenticated', 2)
    expect((await sender.sendConversions('google', [madeUpEvent()]))[0]).toMatchObject({ status: 'paused' })
    google.answer('permission-denied')
    expect((await sender.sendConversions('google', [madeUpEvent()]))[0]).toMatchObject({
      status: 'paused',
      reason: expect.stringContaining('403'),
    })
    const revoked = await startGoogleStandIn(CREDENTIALS)
    revoked.refuseRefreshToken()
    expect(await platformsFor(revoked).sendConversions('google', [madeUpEvent()])).toEqual([
      { status: 'paused', reason: expect.stringContaining('invalid_grant') },
    ])
    await revoked.close()
  })

  it('refreshes a token about to expire, one refresh for many calls at once', async () => {
    const shortLived = await startGoogleStandIn({ ...CREDENTIALS, tokenLifetimeS: 30 })
    const sender = platformsFor(shortLived)
    const results = await Promise.all([1, 2, 3].map(() => sender.sendConversions('google', [madeUpEvent()])))
    expect(results.flat().map((result) => result.status)).toEqual(['sent', 'sent', 'sent'])
    expect(shortLived.tokensIssued()).toBe(1)
    // 30 s is inside the minute of margin: the next call asks again rather than use a token about to lapse.
    await sender.sendConversions('google', [madeUpEvent()])
    expect(shortLived.tokensIssued()).toBe(2)
    await shortLived.close()
  })

  it('retries a request with no answer after 1.5 s', async () => {
    const sender = platforms()
    await sender.sendConversions('google', [madeUpEvent()])
    google.answer('stall')
    expect(await sender.sendConversions('google', [madeUpEvent()])).toEqual([
      { status: 'retry', reason: 'Google Ads: no answer within 1500 ms' },
    ])
  })
})

describe('Google Ads adjustments and the test event', () => {
  it('retracts and restates a recorded conversion by its order id, and skips one Google never recorded', async () => {
    const booked = madeUpEvent({ stage: 'booked' })
    const won = madeUpEvent({ stage: 'won', value: { amount: 1000, currency: 'EUR' } })
    const sender = platforms()
    await sender.sendConversions('google', [booked, won])
    const adjustedAt = new Date()
    const results = await sender.sendGoogleAdjustments([
      { submissionId: booked.submissionId, stage: 'booked', kind: 'retraction', adjustedAt },
      {
        submissionId: won.submissionId,
        stage: 'won',
        kind: 'restatement',
        adjustedAt,
        value: { amount: 1250, currency: 'EUR' },
      },
      { submissionId: 'never-sent', stage: 'won', kind: 'retraction', adjustedAt },
    ])
    expect(results.map((result) => result.status)).toEqual(['sent', 'sent', 'skipped'])
    expect(google.adjustments.filter((row) => row.orderId === orderId(won))).toEqual([
      {
        conversionAction: 'customers/1234567890/conversionActions/444',
        adjustmentType: 'RESTATEMENT',
        orderId: orderId(won),
        adjustmentDateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\+0[12]:00$/),
        restatementValue: { adjustedValue: 1250, currencyCode: 'EUR' },
      },
    ])
  })

  it('validates a test conversion without recording it', async () => {
    const count = google.conversions.size
    expect(await platforms().sendTestEvent('google')).toMatchObject({ status: 'sent' })
    expect(google.conversions.size).toBe(count)
    expect(google.requests.at(-1)?.body).toMatchObject({ validateOnly: true, partialFailure: true })
  })
})
