import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../config.ts'
import { madeUpEvent, madeUpEvents } from '../../testing/ad-platforms/conversion-events.ts'
import { startMetaStandIn } from '../../testing/ad-platforms/meta-stand-in.ts'
import { createConversionPlatforms } from './conversion-platforms.ts'
import { sha256Hex } from './match-keys.ts'

const PIXEL = '123456789012345'
const TOKEN = 'EAAB-stand-in-token'
let meta: Awaited<ReturnType<typeof startMetaStandIn>>

const platforms = (extra: NodeJS.ProcessEnv = {}) =>
  createConversionPlatforms(
    parseConfig({ META_PIXEL_ID: PIXEL, META_ACCESS_TOKEN: TOKEN, META_API_URL: meta.url, ...extra }).conversions,
    { timeZone: 'UTC' },
  )
const takenIds = () => new Set(meta.events.map(({ event }) => event.event_id))

beforeAll(async () => {
  meta = await startMetaStandIn({ pixelId: PIXEL, accessToken: TOKEN })
})
afterAll(() => meta.close())

describe("Meta's Conversions API", () => {
  it('takes every event, well-formed, in requests of at most 1,000, each sent with its trace id', async () => {
    const events = madeUpEvents(1_001)
    const before = meta.requests.length
    const results = await platforms().sendConversions('meta', events)
    expect(results.every((result) => result.status === 'sent' && result.traceId?.startsWith('Atrace'))).toBe(true)
    expect(meta.requests.length - before).toBe(2)
    const taken = takenIds()
    for (const event of events) expect(taken.has(`${event.submissionId}:application`)).toBe(true)
    expect(meta.refusals).toEqual([])
  })

  it('sends the hashed keys, the fbc from the click id as it came, the page and the browser', async () => {
    const event = madeUpEvent({ stage: 'won', value: { amount: 1500.5, currency: 'EUR' } })
    expect(await platforms().sendConversions('meta', [event])).toEqual([
      { status: 'sent', traceId: expect.any(String) },
    ])
    const sent = meta.events.find(({ event: taken }) => taken.event_id === `${event.submissionId}:won`)?.event
    expect(sent).toMatchObject({
      event_name: 'Purchase',
      event_time: Math.floor(event.occurredAt.getTime() / 1000),
      action_source: 'system_generated',
      event_source_url: event.pageUrl,
      user_data: {
        em: [sha256Hex('jane.roe@example.com')],
        ph: [sha256Hex('448444124653')],
        external_id: [sha256Hex(event.submissionId)],
        client_ip_address: '203.0.113.7',
        client_user_agent: event.userAgent,
        fbc: `fb.1.${event.fbclid?.capturedAt.getTime()}.${event.fbclid?.value}`,
      },
      custom_data: { value: 1500.5, currency: 'EUR' },
    })
  })

  it('sends an application as a website event, and carries the test event code when one is set', async () => {
    const event = madeUpEvent()
    await platforms({ META_TEST_EVENT_CODE: 'TEST4242' }).sendConversions('meta', [event])
    const taken = meta.events.find(({ event: sent }) => sent.event_id === `${event.submissionId}:application`)
    expect(taken?.event).toMatchObject({ event_name: 'Lead', action_source: 'website' })
    expect(taken?.testEventCode).toBe('TEST4242')
  })

  it('expires an event older than 7 days without sending it, and skips one with nothing to match on', async () => {
    const before = meta.requests.length
    const results = await platforms().sendConversions('meta', [
      madeUpEvent({ occurredAt: new Date(Date.now() - 8 * 86_400_000) }),
      madeUpEvent({ fbclid: undefined, email: ' ', phone: undefined }),
    ])
    expect(results.map((result) => result.status)).toEqual(['expired', 'skipped'])
    expect(meta.requests.length).toBe(before)
  })

  it('fails only the event Meta refuses when one bad event refuses the whole request', async () => {
    const events = [...madeUpEvents(3), madeUpEvent({ clientIp: 'not-an-ip' }), ...madeUpEvents(3)]
    const results = await platforms().sendConversions('meta', events)
    expect(results.map((result) => result.status)).toEqual(['sent', 'sent', 'sent', 'failed', 'sent', 'sent', 'sent'])
    expect(results[3]).toMatchObject({ reason: expect.stringContaining('client_ip_address') })
    meta.refusals.length = 0
  })

  it.each([
    ['rate-limit', 'retry', 'code 17'],
    ['transient', 'retry', 'code 2'],
    ['bad-token', 'paused', 'code 190'],
    ['count-short', 'retry', 'counted 1 of 2'],
  ] as const)('ends every event of a request answered %s as %s', async (told, status, said) => {
    meta.answer(told)
    const results = await platforms().sendConversions('meta', madeUpEvents(2))
    expect(results.map((result) => result.status)).toEqual([status, status])
    expect(results[0]).toMatchObject({ reason: expect.stringContaining(said) })
  })

  it('ends an event Meta calls too old (subcode 2804003) as expired, with the reason', async () => {
    meta.answer('too-old')
    const [result] = await platforms().sendConversions('meta', [madeUpEvent()])
    expect(result).toEqual({ status: 'expired', reason: expect.stringContaining('subcode 2804003') })
  })

  it('retries the events of a request with no answer after 1.5 s', async () => {
    meta.answer('stall')
    const started = Date.now()
    const [result] = await platforms().sendConversions('meta', [madeUpEvent()])
    expect(result).toEqual({ status: 'retry', reason: 'no answer within 1500 ms' })
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400)
  })

  it('sends a test event only with a test event code, and skips a platform that is not configured', async () => {
    expect(await platforms().sendTestEvent('meta')).toMatchObject({ status: 'skipped' })
    expect(await platforms({ META_TEST_EVENT_CODE: 'TEST77' }).sendTestEvent('meta')).toMatchObject({ status: 'sent' })
    expect(meta.events.at(-1)?.testEventCode).toBe('TEST77')
    const none = createConversionPlatforms(parseConfig({}).conversions, { timeZone: 'UTC' })
    expect(none.configured).toEqual([])
    expect(await none.sendConversions('meta', [madeUpEvent()])).toEqual([
      { status: 'skipped', reason: 'meta is not configured' },
    ])
  })
})
