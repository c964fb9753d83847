import { describe, expect, it } from 'vitest'
import type { LeadOutcome } from '../../../common/lead-outcome-api.ts'
import type { LeadDelivery } from '../../../common/lead-page-api.ts'
import { firstEntries, timelineOf, type TimelineEntry } from './timeline.ts'

const at = (minute: number) => `2026-11-20T10:${String(minute).padStart(2, '0')}:00.000000Z`

const delivery = (id: number, queued: number, attempts: number[], more: Partial<LeadDelivery> = {}): LeadDelivery => ({
  id,
  event: 'application.created',
  channel: 'Webhook',
  state: attempts.length ? 'delivered' : 'pending',
  ...more,
  queuedAt: at(queued),
  attempts: attempts.map((minute) => ({ startedAt: at(minute), durationMs: 10, status: 200, error: null })),
  ...more,
})
const none = { bookingOpenedAt: null, history: [], notes: [], deliveries: [], bookings: [], ownerChanges: [] }

describe('timelineOf', () => {
  it('puts every kind of event of a lead in one list, newest first', () => {
    const entries = timelineOf({
      receivedAt: at(0),
      bookingOpenedAt: at(2),
      history: [{ from: 'new', to: 'contacted', author: 'ada@example.com', at: at(5), reason: null }],
      ownerChanges: [{ owner: 'bob@example.com', author: 'ada@example.com', at: at(7) }],
      notes: [{ id: 7, body: 'Called', author: 'ada@example.com', at: at(6) }],
      deliveries: [delivery(1, 0, [1, 3]), delivery(2, 4, [])],
      bookings: [
        {
          provider: 'calendly',
          state: 'canceled',
          startsAt: null,
          endsAt: null,
          cancelReason: null,
          events: [
            { kind: 'created', at: at(8) },
            { kind: 'canceled', at: at(9) },
          ],
        },
      ],
    })
    expect(entries.map((entry) => [entry.kind, entry.at])).toEqual([
      ['booking', at(9)],
      ['booking', at(8)],
      ['owner', at(7)],
      ['note', at(6)],
      ['status', at(5)],
      // Not yet tried: where it was queued.
      ['deliveries', at(4)],
      // Tried twice: where it was last tried.
      ['deliveries', at(3)],
      ['booking-page', at(2)],
      ['applied', at(0)],
    ])
    expect(new Set(entries.map((entry) => entry.key)).size).toBe(entries.length)
  })

  it('shows a lead that just arrived as applied only, and of two at the same time the later one first', () => {
    expect(timelineOf({ ...none, receivedAt: at(0) }).map((entry) => entry.kind)).toEqual(['applied'])
    const sameTime = timelineOf({
      ...none,
      receivedAt: at(0),
      history: [{ from: null, to: 'new', author: 'system', at: at(0), reason: null }],
    })
    expect(sameTime.map((entry) => entry.kind)).toEqual(['status', 'applied'])
  })
  it('shows an outcome once: not again as the status change it caused, which a person’s own move is not', () => {
    // The outcome is written at the transaction's start, the move it causes a few milliseconds on.
    const later = (minute: number, ms: number) =>
      at(minute).replace('00.000000Z', `00.${String(ms).padStart(3, '0')}000Z`)
    const outcome = (id: number, minute: number, more: Partial<LeadOutcome>): LeadOutcome => ({
      id,
      outcome: 'showed',
      amount: null,
      currency: null,
      lostReason: null,
      note: null,
      author: 'ada@example.com',
      at: at(minute),
      ...more,
    })
    const won = outcome(1, 5, { outcome: 'won', amount: '12500.00', currency: 'GBP' })
    const lost = outcome(2, 8, { outcome: 'lost', lostReason: 'Price', author: 'bob@example.com' })
    const entries = timelineOf({
      ...none,
      receivedAt: at(0),
      history: [
        { from: 'new', to: 'booked', author: 'system', at: at(1), reason: null },
        { from: 'booked', to: 'won', author: 'ada@example.com', at: later(5, 4), reason: '12500.00 GBP' },
        { from: 'won', to: 'lost', author: 'bob@example.com', at: later(8, 2), reason: 'Price' },
        // A person's own move back to won, after: no outcome caused it.
        { from: 'lost', to: 'won', author: 'carol@example.com', at: at(9), reason: null },
      ],
      outcomes: [won, lost],
    })
    expect(entries.map((entry) => [entry.kind, entry.at])).toEqual([
      ['status', at(9)],
      ['outcome', at(8)],
      ['outcome', at(5)],
      ['status', at(1)],
      ['applied', at(0)],
    ])
    // The outcome's line keeps who entered it and the amount or the reason.
    expect(entries.filter((entry) => entry.kind === 'outcome').map((entry) => entry.outcome)).toEqual([lost, won])
  })

  it('keeps a move to an outcome’s status by someone else, or long after it, in view', () => {
    const entries = timelineOf({
      ...none,
      receivedAt: at(0),
      history: [
        { from: 'booked', to: 'won', author: 'bob@example.com', at: at(5), reason: null },
        { from: 'won', to: 'lost', author: 'ada@example.com', at: at(9), reason: null },
      ],
      outcomes: [
        {
          id: 1,
          outcome: 'won',
          amount: '1.00',
          currency: 'EUR',
          lostReason: null,
          note: null,
          author: 'ada@example.com',
          at: at(5),
        },
        {
          id: 2,
          outcome: 'lost',
          amount: null,
          currency: null,
          lostReason: 'Price',
          note: null,
          author: 'ada@example.com',
          at: at(7),
        },
      ],
    })
    expect(entries.map((entry) => entry.kind)).toEqual(['status', 'outcome', 'outcome', 'status', 'applied'])
  })
})

describe('the notifications in the timeline', () => {
  const summary = (entry: TimelineEntry) =>
    entry.kind === 'deliveries'
      ? [entry.kind, entry.event, entry.deliveries.map((one) => one.channel)]
      : entry.kind === 'delivery'
        ? [entry.kind, entry.delivery.channel]
        : [entry.kind]

  it('folds one event’s notifications into one line, keeps a failed one apart, and tells two bookings apart', () => {
    const entries = timelineOf({
      ...none,
      receivedAt: at(0),
      deliveries: [
        delivery(1, 0, [1], { channel: 'Webhook' }),
        delivery(2, 0, [2], { channel: 'Slack' }),
        delivery(3, 0, [], { channel: 'Email' }),
        delivery(4, 0, [1], { channel: 'Teams', state: 'failed' }),
        delivery(5, 10, [11], { channel: 'Webhook', event: 'booking.created' }),
        delivery(6, 10, [12], { channel: 'Slack', event: 'booking.created' }),
        delivery(7, 20, [21], { channel: 'Webhook', event: 'booking.created' }),
      ],
    })
    expect(entries.map(summary)).toEqual([
      ['deliveries', 'booking.created', ['Webhook']],
      ['deliveries', 'booking.created', ['Webhook', 'Slack']],
      // At its latest attempt; the one not yet tried counts at its queue time, earlier.
      ['deliveries', 'application.created', ['Webhook', 'Slack', 'Email']],
      ['delivery', 'Teams'],
      ['applied'],
    ])
    expect(entries[2]!.at).toBe(at(2))
  })

  it('shows at first the newest five entries that matter, with the notifications among them, never a cut before them', () => {
    const booking = {
      provider: 'calendly' as const,
      state: 'canceled' as const,
      startsAt: null,
      endsAt: null,
      cancelReason: 'Found another agency',
      events: [
        { kind: 'created' as const, at: at(10) },
        { kind: 'canceled' as const, at: at(30) },
      ],
    }
    const entries = timelineOf({
      ...none,
      receivedAt: at(0),
      bookingOpenedAt: at(5),
      history: [
        { from: 'new', to: 'contacted', author: 'ada@example.com', at: at(3), reason: null },
        { from: 'contacted', to: 'booked', author: 'system', at: at(10), reason: null },
      ],
      notes: [{ id: 1, body: 'Left a voicemail', author: 'ada@example.com', at: at(4) }],
      bookings: [booking],
      deliveries: [
        ...['Webhook', 'Slack', 'Email'].map((channel, index) => delivery(index + 1, 0, [1], { channel })),
        ...['Webhook', 'Slack', 'Email'].map((channel, index) =>
          delivery(index + 4, 10, [11], { channel, event: 'booking.created' }),
        ),
        ...['Webhook', 'Slack', 'Email'].map((channel, index) =>
          delivery(index + 7, 30, [31], { channel, event: 'booking.canceled' }),
        ),
      ],
    })
    const first = firstEntries(entries, 5)
    expect(first.map((entry) => entry.kind)).toEqual([
      'deliveries',
      'booking',
      'deliveries',
      'booking',
      'status',
      'booking-page',
      'note',
      'status',
    ])
    expect(first[1]).toMatchObject({ kind: 'booking', event: { kind: 'canceled' } })
    // Nine notifications made three lines; what is left for "Show all" is the oldest.
    expect(entries.slice(first.length).map((entry) => entry.kind)).toEqual(['deliveries', 'applied'])
    expect(firstEntries(entries.slice(0, 3), 5)).toHaveLength(3)
  })
})
