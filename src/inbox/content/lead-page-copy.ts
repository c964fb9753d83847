/** The words of a lead's own page beyond inbox-copy.ts's `detail`: its timeline, neighbours, source and danger zone. */
export const leadPageCopy = {
  neighbours: {
    label: 'Leads in this list',
    // "lead" is read by screen readers everywhere, and shown from 640 px up.
    previous: 'Previous',
    next: 'Next',
    lead: 'lead',
    keys: 'Keys: Esc back to the list, J next, K previous.',
  },
  facts: {
    received: (at: string) => `Applied ${at}`,
  },
  timeline: {
    title: 'Timeline',
    intro: 'newest first',
    applied: 'Applied',
    status: (from: string | null, to: string) => (from ? `Status: ${from} → ${to}` : `Status set to ${to}`),
    by: (author: string) => `by ${author}`,
    note: (author: string) => `Note by ${author}`,
    delivery: (what: string, channel: string) => `${what} sent to ${channel}`,
    /** One event's notifications in one line: "sent to Webhook, Slack; sending to Email". */
    folded: (sent: string[], sending: string[]) =>
      [sent.length ? `sent to ${sent.join(', ')}` : '', sending.length ? `sending to ${sending.join(', ')}` : '']
        .filter(Boolean)
        .join('; '),
    deliveryState: (state: string, attempts: string) => `${state}, ${attempts}`,
    bookingPageOpened: 'Booking page opened',
    booking: (provider: string, what: string) => `${provider}: ${what}`,
    showAll: (count: number) => `Show all ${count} entries`,
    showFewer: 'Show the latest only',
  },
  source: {
    title: 'Source',
    direct: 'Direct visit',
    campaign: (name: string) => `campaign ${name}`,
    firstSeen: (day: string) => `first seen ${day}`,
    details: 'Every source detail',
  },
  notifications: {
    attempts: 'Every attempt',
    attemptsOf: (what: string, channel: string) => ` of ${what.toLowerCase()} to ${channel}`,
    summary: (count: number, states: string) =>
      `${count === 1 ? '1 notification' : `${count} notifications`}: ${states}`,
    show: 'show each',
  },
  danger: {
    title: 'Danger zone',
    intro: 'Erasing deletes this lead and all it holds, for good.',
  },
}
