import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../config.ts'
import { startStandIns } from '../testing/ad-platforms/stand-in-apps.ts'
import { platformSender } from './platform-sender.ts'
import { createConversionPlatforms } from './platforms/conversion-platforms.ts'
import type { ConversionEvent } from './ports.ts'

// The delivery's rows reach the real wire and the stand-ins of Meta and Google:
// click ids come from the lead's touches, amounts from minor units, and a
// correction goes to Google's adjustments and nowhere else.
let standIns: Awaited<ReturnType<typeof startStandIns>>
let meta: typeof standIns.meta
let google: typeof standIns.google
beforeAll(async () => {
  standIns = await startStandIns()
  ;({ meta, google } = standIns)
})
afterAll(async () => standIns.close())

const sender = () =>
  platformSender(
    createConversionPlatforms(parseConfig(standIns.env(['meta', 'google'])).conversions, { timeZone: 'UTC' }),
  )

const capturedAt = new Date(Date.now() - 3_600_000)
const event = (overrides: Partial<ConversionEvent> = {}): ConversionEvent => {
  const submissionId = randomUUID()
  return {
    eventId: `${submissionId}:won`,
    rowId: 1,
    stage: 'won',
    kind: 'conversion',
    occurredAt: new Date(Date.now() - 60_000),
    value: { amountMinor: '150050', currency: 'USD' },
    lead: {
      applicationId: 1,
      submissionId,
      email: 'Jane.Roe@Example.com',
      phone: '+1 415 555 0100',
      attribution: {
        first_touch: { utm_source: 'fb', fbclid: 'IwAR-First_Click', captured_at: capturedAt.toISOString() },
        last_touch: { utm_source: 'google', gclid: 'EAIaIQ-last-click', captured_at: new Date().toISOString() },
      },
      appliedAt: new Date(Date.now() - 7_200_000),
    },
    consent: {
      consented: true,
      clientIp: '203.0.113.9',
      userAgent: 'Mozilla/5.0 Test',
      landingUrl: 'https://a.example/',
    },
    ...overrides,
  }
}

describe('the sender of conversion rows over the platforms’ wire', () => {
  it("sends Meta the first touch's fbclid with its capture time and the amount in major units", async () => {
    const won = event()
    expect(await sender().send('meta', [won])).toEqual([{ kind: 'sent', traceId: expect.any(String) }])
    const told = meta.events.find(({ event: sent }) => sent.event_id === won.eventId)?.event
    expect(told).toMatchObject({
      event_name: 'Purchase',
      custom_data: { value: 1500.5, currency: 'USD' },
      user_data: { fbc: `fb.1.${capturedAt.getTime()}.IwAR-First_Click`, client_ip_address: '203.0.113.9' },
      event_source_url: 'https://a.example/',
    })
  })

  it("sends Google the last touch's gclid, and its correction to the adjustments, in the batch's order", async () => {
    const won = event()
    const restated = event({ kind: 'restatement', value: { amountMinor: '99900', currency: 'USD' } })
    expect(await sender().send('google', [won])).toEqual([{ kind: 'sent', traceId: expect.any(String) }])
    const results = await sender().send('google', [
      { ...restated, lead: won.lead, eventId: won.eventId },
      event({ stage: 'application', eventId: 'x', value: undefined }),
    ])
    expect(results.map((result) => result.kind)).toEqual(['sent', 'sent'])
    expect(google.conversions.get(won.eventId)).toMatchObject({ gclid: 'EAIaIQ-last-click', conversionValue: 1500.5 })
    expect(google.adjustments.find((row) => row.orderId === won.eventId)).toMatchObject({
      adjustmentType: 'RESTATEMENT',
      restatementValue: { adjustedValue: 999, currencyCode: 'USD' },
    })
  })

  it('skips a correction for a platform that takes none, without a request', async () => {
    const before = meta.events.length
    expect(await sender().send('meta', [event({ kind: 'retraction' })])).toEqual([
      { kind: 'skipped', reason: 'meta takes no adjustments' },
    ])
    expect(meta.events).toHaveLength(before)
  })
})
