import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { LeadDelivery, LeadDetail } from '../../../common/lead-page-api.ts'
import { SESSION_KEY } from '../api/session-key.ts'
import { LeadTimeline } from './lead-timeline.tsx'

const at = (minute: number) => `2026-11-20T10:${String(minute).padStart(2, '0')}:00.000000Z`

const delivery = (
  id: number,
  state: LeadDelivery['state'],
  channel: string,
  minute: number,
  event: LeadDelivery['event'] = 'application.created',
): LeadDelivery => ({
  id,
  event,
  channel,
  state,
  queuedAt: at(minute),
  attempts: [{ startedAt: at(minute), durationMs: 12, status: state === 'failed' ? 500 : 200, error: null }],
})

const lead: LeadDetail = {
  id: 12,
  isNew: false,
  appliedAgain: false,
  duplicates: [],
  mergedApplications: [],
  statusReason: null,
  needsOutcome: false,
  outcomes: [],
  receivedAt: at(0),
  answers: {
    name: 'Ada',
    email: 'ada@example.com',
    phone: '+44 20 7946 0958',
    instagram: '@ada',
    business: '',
    budget: '',
    revenue: '',
    challenges: '',
  },
  source: 'ig',
  status: 'contacted',
  booking: null,
  owner: null,
  ownerChanges: [],
  submissionId: '00000000-0000-4000-8000-000000000000',
  spam: false,
  attribution: null,
  bookingOpenedAt: at(3),
  bookings: [
    {
      provider: 'calendly',
      state: 'canceled',
      startsAt: null,
      endsAt: null,
      cancelReason: 'Found another agency',
      events: [{ kind: 'canceled', at: at(8) }],
    },
  ],
  deliveries: [
    delivery(1, 'delivered', 'https://hooks.example/…', 1),
    delivery(2, 'failed', 'Slack', 2),
    delivery(3, 'delivered', 'Webhook', 8, 'booking.canceled'),
    { ...delivery(4, 'pending', 'Email', 8, 'booking.canceled'), attempts: [] },
  ],
  history: [{ from: 'new', to: 'contacted', author: 'ada@team.example', at: at(4), reason: null }],
  notes: [
    { id: 1, body: 'Called, no answer', author: 'ada@team.example', at: at(5) },
    { id: 2, body: 'Called back', author: 'bob@team.example', at: at(6) },
  ],
}

function renderTimeline() {
  const queryClient = new QueryClient()
  queryClient.setQueryData(SESSION_KEY, { email: 'ada@team.example', csrfToken: 'token', totpEnabled: false })
  return render(
    <QueryClientProvider client={queryClient}>
      <LeadTimeline lead={lead} />
    </QueryClientProvider>,
  )
}

describe('a lead’s timeline', () => {
  it('lists the latest five that matter, newest first, the notifications of one event on one line, the rest on demand', () => {
    renderTimeline()
    const timeline = screen.getByRole('region', { name: 'Timeline' })
    const items = () => within(timeline).getAllByRole('listitem')
    const expected = [
      /^Call cancelled: sent to Webhook; sending to Email/,
      /^Calendly: .*Reason: Found another agency/,
      /^Called back/,
      /^Called, no answer/,
      /^Status: New → Contacted/,
      /^Booking page opened/,
      /^New lead sent to Slack: Failed, 1 attempt/,
    ]
    expect(items()).toHaveLength(expected.length)
    items().forEach((item, index) => expect(item.textContent).toMatch(expected[index]!))
    const more = within(timeline).getByRole('button', { name: 'Show all 9 entries' })
    expect(more).toHaveAttribute('aria-expanded', 'false')
    fireEvent.click(more)
    expect(items()).toHaveLength(9)
    expect(items().at(-2)).toHaveTextContent(/^New lead: sent to https:\/\/hooks\.example\/…/)
    expect(items().at(-1)).toHaveTextContent(/^Applied/)
    expect(within(timeline).getByRole('button', { name: 'Show the latest only' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
  })

  it('offers Resend on a failed notification only, and names who wrote each note', () => {
    renderTimeline()
    fireEvent.click(screen.getByRole('button', { name: 'Show all 9 entries' }))
    const failed = screen.getAllByRole('listitem').find((item) => item.textContent?.includes('Slack'))
    expect(within(failed!).getByRole('button', { name: 'Resend new lead to Slack' })).toBeVisible()
    expect(screen.getAllByRole('button', { name: /^Resend/ })).toHaveLength(1)
    expect(screen.getByText('Called back').closest('li')).toHaveTextContent(/Note by bob@team\.example · /)
  })
})

describe('a lead’s owner changes in its timeline', () => {
  it('says to whom and by whom: "Assigned to X by Y", and "Unassigned"', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(SESSION_KEY, { email: 'ada@team.example', csrfToken: 'token', totpEnabled: false })
    const assigned = {
      ...lead,
      ownerChanges: [
        // After the fixture's every other entry, so they are the two newest lines.
        { owner: 'bob@team.example', author: 'ada@team.example', at: at(20) },
        { owner: null, author: 'bob@team.example', at: at(21) },
      ],
    }
    render(
      <QueryClientProvider client={queryClient}>
        <LeadTimeline lead={assigned} />
      </QueryClientProvider>,
    )
    const [latest, before] = screen.getAllByRole('listitem')
    expect(latest).toHaveTextContent(/^Unassignedby bob@team\.example · /)
    expect(before).toHaveTextContent(/^Assigned to bob@team\.exampleby ada@team\.example · /)
  })
})
