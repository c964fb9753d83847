// Google's corrections the whole way: a booking cancelled by Calendly's
// webhook, a won amount changed and a no-show entered after showed was sent,
// each by the real route (the outcomes by a signed-in closer through the
// inbox, CSRF token and all), reach the Google stand-in once as an adjustment
// of the conversion by its order id; Meta and TikTok take no corrections.
import { describe, expect, it } from 'vitest'
import { applyFromAds, within } from '../testing/ad-platforms/stand-in-apps.ts'
import { useStandInInbox } from '../testing/ad-platforms/stand-in-inbox.ts'
import { calendlyInviteeUri } from '../testing/booking-senders.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'

const way = useStandInInbox()

const adjustmentsOf = (orderId: string) =>
  way.standIns.google.adjustments.filter((adjustment) => adjustment.orderId === orderId)

/** The event ids Meta and TikTok hold of the lead, each once: no correction ever reaches them. */
const elsewhere = (submissionId: string) => {
  const ids = (events: { event: Record<string, unknown> }[]) =>
    events
      .map(({ event }) => String(event.event_id))
      .filter((id) => id.startsWith(submissionId))
      .sort()
  return { meta: ids(way.standIns.meta.events), tiktok: ids(way.standIns.tiktok.events) }
}

async function bookedLead() {
  const submissionId = await applyFromAds(way.app)
  const uri = calendlyInviteeUri()
  const booked = await way.calendly('invitee.created', { uri, salesforceUuid: submissionId })
  expect(booked.statusCode, booked.body).toBe(200)
  expect(await way.delivered(`${submissionId}:booked`)).toEqual({ meta: 1, google: 1, tiktok: 1 })
  return { submissionId, uri, lead: await way.leadId(submissionId) }
}

async function enter(lead: number, outcome: object) {
  const entered = await way.call('POST', `/leads/${lead}/outcome`, outcome)
  expect(entered.statusCode, entered.body).toBe(201)
}

describe(`Google's corrections the whole way to its stand-in, on ${DATABASE_TARGET}`, () => {
  it('retracts booked once when Calendly says the booking was cancelled, not rebooked', async () => {
    const { submissionId, uri } = await bookedLead()
    const canceled = await way.calendly('invitee.canceled', { uri, salesforceUuid: submissionId, rescheduled: false })
    expect(canceled.statusCode, canceled.body).toBe(200)
    // The retraction waits a minute for a rebooking (conversion-rows.test.ts shows the minute); here it is due now.
    const due = await way.db.query(
      `UPDATE lead_conversions c SET next_attempt_at = now() FROM contact_submissions s
       WHERE s.id = c.application_id AND s.submission_id = $1 AND c.kind = 'retraction' AND c.state = 'pending'
       RETURNING c.platform, c.stage`,
      [submissionId],
    )
    expect(due).toEqual([{ platform: 'google', stage: 'booked' }])
    expect(await within(15_000, () => adjustmentsOf(`${submissionId}:booked`).length > 0)).toBe(true)
    expect(await within(1_500, () => adjustmentsOf(`${submissionId}:booked`).length > 1)).toBe(false)
    expect(adjustmentsOf(`${submissionId}:booked`)).toEqual([
      expect.objectContaining({
        adjustmentType: 'RETRACTION',
        conversionAction: 'customers/1234567890/conversionActions/12',
      }),
    ])
    expect(elsewhere(submissionId)).toEqual({
      meta: [`${submissionId}:application`, `${submissionId}:booked`],
      tiktok: [`${submissionId}:application`, `${submissionId}:booked`],
    })
  })

  it('restates won once with the new amount when the closer corrects it, after the first was sent', async () => {
    const { submissionId, lead } = await bookedLead()
    await enter(lead, { outcome: 'won', amount: '1000.00', currency: 'USD' })
    expect(await way.delivered(`${submissionId}:won`)).toEqual({ meta: 1, google: 1, tiktok: 1 })
    await enter(lead, { outcome: 'won', amount: '1250.75', currency: 'USD' })
    expect(await within(15_000, () => adjustmentsOf(`${submissionId}:won`).length > 0)).toBe(true)
    expect(await within(1_500, () => adjustmentsOf(`${submissionId}:won`).length > 1)).toBe(false)
    expect(adjustmentsOf(`${submissionId}:won`)).toEqual([
      expect.objectContaining({
        adjustmentType: 'RESTATEMENT',
        conversionAction: 'customers/1234567890/conversionActions/14',
        restatementValue: { adjustedValue: 1250.75, currencyCode: 'USD' },
      }),
    ])
    const metaWon = way.standIns.meta.events.filter(({ event }) => event.event_id === `${submissionId}:won`)
    expect(metaWon.map(({ event }) => event.custom_data)).toEqual([expect.objectContaining({ value: 1000 })])
    expect(elsewhere(submissionId).tiktok).toContain(`${submissionId}:won`)
    expect(elsewhere(submissionId).tiktok).toHaveLength(4)
  })

  it('retracts showed once when a no-show is entered after showed was sent', async () => {
    const { submissionId, lead } = await bookedLead()
    await enter(lead, { outcome: 'showed' })
    expect(await way.delivered(`${submissionId}:showed`)).toEqual({ meta: 1, google: 1, tiktok: 1 })
    await enter(lead, { outcome: 'no_show' })
    expect(await within(15_000, () => adjustmentsOf(`${submissionId}:showed`).length > 0)).toBe(true)
    expect(await within(1_500, () => adjustmentsOf(`${submissionId}:showed`).length > 1)).toBe(false)
    expect(adjustmentsOf(`${submissionId}:showed`)).toEqual([
      expect.objectContaining({
        adjustmentType: 'RETRACTION',
        conversionAction: 'customers/1234567890/conversionActions/13',
      }),
    ])
    expect(way.standIns.google.refusals).toEqual([])
    expect(elsewhere(submissionId)).toEqual({
      meta: [`${submissionId}:application`, `${submissionId}:booked`, `${submissionId}:showed`],
      tiktok: [`${submissionId}:application`, `${submissionId}:booked`, `${submissionId}:showed`],
    })
  })
})
