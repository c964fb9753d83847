import { describe, expect, it } from 'vitest'
import type { LeadDelivery } from '../../../common/lead-page-api.ts'
import { timelineOf } from './timeline.ts'

const at = (minute: number) => `2026-11-20T10:${String(minute).padStart(2, '0')}:00.000000Z`

const delivery = (id: number, queued: number, attempts: number[]): LeadDelivery => ({
  id,
  event: 'application.created',
  channel: 'Webhook',
  state: attempts.length ? 'delivered' : 'pending',
  queuedAt: at(queued),
  attempts: attempts.map((minute) => ({ startedAt: at(minute), durationMs: 10, status: 200, error: null })),
})

describe('timelineOf', () => {
  it('puts every kind of event of a lead in one list, newest first', () => {
    const entries = timelineOf({
      receivedAt: at(0),
      bookingOpenedAt: at(2),
      history: [{ from: 'new', to: 'contacted', author: 'ada@example.com', at: at(5) }],
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
      ['delivery', at(4)],
      // Tried twice: where it was last tried.
      ['delivery', at(3)],
      ['booking-page', at(2)],
      ['applied', at(0)],
    ])
    expect(new Set(entries.map((entry) => entry.key)).size).toBe(entries.length)
  })

  it('shows a lead that just arrived as applied only, and of two at the same time the later one first', () => {
    const none = { bookingOpenedAt: null, history: [], notes: [], deliveries: [], bookings: [], ownerChanges: [] }
    expect(timelineOf({ ...none, receivedAt: at(0) }).map((entry) => entry.kind)).toEqual(['applied'])
    const sameTime = timelineOf({
      ...none,
      receivedAt: at(0),
      history: [{ from: null, to: 'new', author: 'system', at: at(0) }],
    })
    expect(sameTime.map((entry) => entry.kind)).toEqual(['status', 'applied'])
  })
})
