import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../config.ts'
import { madeUpEvent, madeUpEvents } from '../../testing/ad-platforms/conversion-events.ts'
import { startTiktokStandIn } from '../../testing/ad-platforms/tiktok-stand-in.ts'
import { createConversionPlatforms } from './conversion-platforms.ts'
import { sha256Hex } from './match-keys.ts'

const PIXEL = 'CSTANDIN0123456789'
const TOKEN = 'stand-in-tiktok-token'
let tiktok: Awaited<ReturnType<typeof startTiktokStandIn>>

const platforms = (extra: NodeJS.ProcessEnv = {}) =>
  createConversionPlatforms(
    parseConfig({ TIKTOK_PIXEL_CODE: PIXEL, TIKTOK_ACCESS_TOKEN: TOKEN, TIKTOK_API_URL: tiktok.url, ...extra })
      .conversions,
    { timeZone: 'UTC' },
  )
const taken = (submissionId: string, stage = 'application') =>
  tiktok.events.find(({ event }) => event.event_id === `${submissionId}:${stage}`)

beforeAll(async () => {
  tiktok = await startTiktokStandIn({ pixelCode: PIXEL, accessToken: TOKEN })
})
afterAll(() => tiktok.close())

describe("TikTok's Events API", () => {
  it('takes every event, well-formed, in requests of at most 1,000, each sent with its request id', async () => {
    const events = madeUpEvents(1_001)
    const before = tiktok.requests.length
    const results = await platforms().sendConversions('tiktok', events)
    expect(results.every((result) => result.status === 'sent' && result.traceId?.startsWith('tt-'))).toBe(true)
    expect(tiktok.requests.length - before).toBe(2)
    for (const event of events) expect(taken(event.submissionId)).toBeDefined()
    expect(tiktok.refusals).toEqual([])
  })

  it('sends the hashed email and phone in E.164, the click id as it came, the page and the value', async () => {
    const event = madeUpEvent({ stage: 'won', value: { amount: 2000, currency: 'GBP' } })
    await platforms({ TIKTOK_TEST_EVENT_CODE: 'TEST999' }).sendConversions('tiktok', [event])
    expect(taken(event.submissionId, 'won')).toEqual({
      testEventCode: 'TEST999',
      event: {
        event: 'CompletePayment',
        event_time: Math.floor(event.occurredAt.getTime() / 1000),
        event_id: `${event.submissionId}:won`,
        user: {
          email: [sha256Hex('jane.roe@example.com')],
          phone: [sha256Hex('+448444124653')],
          external_id: [sha256Hex(event.submissionId)],
          ttclid: event.ttclid,
          ip: '203.0.113.7',
          user_agent: event.userAgent,
        },
        page: { url: event.pageUrl },
        properties: { value: 2000, currency: 'GBP' },
      },
    })
  })

  it('expires an event older than 7 days and skips one with nothing to match on, sending neither', async () => {
    const before = tiktok.requests.length
    const results = await platforms().sendConversions('tiktok', [
      madeUpEvent({ occurredAt: new Date(Date.now() - 8 * 86_400_000) }),
      madeUpEvent({ ttclid: undefined, email: undefined, phone: '' }),
    ])
    expect(results.map((result) => result.status)).toEqual(['expired', 'skipped'])
    expect(tiktok.requests.length).toBe(before)
  })

  it('fails only the event TikTok refuses when one bad event refuses the whole request', async () => {
    const events = [madeUpEvent(), madeUpEvent({ pageUrl: 'not a url' }), madeUpEvent()]
    const results = await platforms().sendConversions('tiktok', events)
    expect(results.map((result) => result.status)).toEqual(['sent', 'failed', 'sent'])
    expect(results[1]).toMatchObject({ reason: expect.stringContaining('page.url') })
    tiktok.refusals.length = 0
  })

  it.each([
    ['throttled', 'retry', 'code 40100'],
    ['bad-token', 'paused', 'code 40001'],
    ['no-permission', 'paused', 'code 40002'],
    ['transient', 'retry', '500'],
  ] as const)('ends every event of a request answered %s as %s', async (told, status, said) => {
    tiktok.answer(told)
    const results = await platforms().sendConversions('tiktok', madeUpEvents(2))
    expect(results.map((result) => result.status)).toEqual([status, status])
    expect(results[0]).toMatchObject({ reason: expect.stringContaining(said) })
  })

  it('pauses on a token the stand-in does not know, and retries a request with no answer after 1.5 s', async () => {
    const wrong = createConversionPlatforms(
      parseConfig({ TIKTOK_PIXEL_CODE: PIXEL, TIKTOK_ACCESS_TOKEN: 'another-token', TIKTOK_API_URL: tiktok.url })
        .conversions,
      { timeZone: 'UTC' },
    )
    expect((await wrong.sendConversions('tiktok', [madeUpEvent()]))[0]?.status).toBe('paused')
    tiktok.refusals.length = 0
    tiktok.answer('stall')
    expect(await platforms().sendConversions('tiktok', [madeUpEvent()])).toEqual([
      { status: 'retry', reason: 'TikTok: no answer within 1500 ms' },
    ])
  })

  it('sends a test event only with a test event code', async () => {
    expect(await platforms().sendTestEvent('tiktok')).toMatchObject({ status: 'skipped' })
    expect(await platforms({ TIKTOK_TEST_EVENT_CODE: 'TEST31' }).sendTestEvent('tiktok')).toMatchObject({
      status: 'sent',
    })
    expect(tiktok.events.at(-1)).toMatchObject({ testEventCode: 'TEST31', event: { event: 'SubmitForm' } })
  })
})
