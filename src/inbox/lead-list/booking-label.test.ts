import { afterEach, describe, expect, it } from 'vitest'
import type { LeadSummary } from '../../../common/lead-list-api.ts'
import { setInboxTimeZone } from '../ui/format.ts'
import { bookingLabel } from './booking-label.ts'

const withCall = (booking: LeadSummary['booking']) => ({ booking }) as LeadSummary

describe('the call in a lead’s row', () => {
  afterEach(() => setInboxTimeZone('UTC'))

  it('gives the call’s full date, with its year, and its time on the agency’s clock (TIMEZONE)', () => {
    setInboxTimeZone('America/New_York')
    // 14:00 UTC on Saturday 28 November 2026 is 09:00 in New York.
    const label = bookingLabel(withCall({ state: 'scheduled', startsAt: '2026-11-28T14:00:00.000000Z' }))
    expect(label).toMatch(/^Call /)
    expect(label).toMatch(/Sat/)
    expect(label).toMatch(/28/)
    expect(label).toMatch(/2026/)
    expect(label).toMatch(/09:00|9:00/)
    expect(label).not.toContain('…')
  })

  it('names a call without a time, a cancelled one and a no-show, and nothing without a booking', () => {
    expect(bookingLabel(withCall({ state: 'scheduled', startsAt: null }))).toBe('Call booked')
    expect(bookingLabel(withCall({ state: 'canceled', startsAt: '2026-11-28T14:00:00.000000Z' }))).toBe('Cancelled')
    expect(bookingLabel(withCall({ state: 'no_show', startsAt: null }))).toBe('No-show')
    expect(bookingLabel(withCall(null))).toBe('')
  })
})
