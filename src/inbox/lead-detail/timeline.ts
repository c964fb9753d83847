import type { BookingEventLine, DeliveryEvent, LeadBooking } from '../../../common/booking-api.ts'
import { OUTCOME_STATUS, type LeadOutcome } from '../../../common/lead-outcome-api.ts'
import type {
  LeadDelivery,
  LeadDetail,
  LeadNote,
  LeadStatusChange,
  MergedApplication,
} from '../../../common/lead-page-api.ts'
import type { LeadOwnerChange } from '../../../common/owner-api.ts'

/**
 * One line of a lead's timeline: what happened, and when. A new kind is one
 * more member here and one more case where it is drawn (lead-timeline.tsx);
 * it counts as worth seeing unless `minorKinds` names it.
 */
export type TimelineEntry =
  | { kind: 'applied'; at: string; key: string }
  | { kind: 'status'; at: string; key: string; change: LeadStatusChange }
  | { kind: 'note'; at: string; key: string; note: LeadNote }
  /** A notification that failed, in full: why, and a way to send it again. */
  | { kind: 'delivery'; at: string; key: string; delivery: LeadDelivery }
  /** The notifications of one event that did not fail, folded into one line: "Sent to Webhook, Slack, Email". */
  | { kind: 'deliveries'; at: string; key: string; event: DeliveryEvent; deliveries: LeadDelivery[] }
  | { kind: 'booking-page'; at: string; key: string }
  | { kind: 'booking'; at: string; key: string; booking: LeadBooking; event: BookingEventLine }
  | { kind: 'applied-again'; at: string; key: string; application: MergedApplication }
  | { kind: 'outcome'; at: string; key: string; outcome: LeadOutcome }
  | { kind: 'owner'; at: string; key: string; change: LeadOwnerChange }

export type TimelineKind = TimelineEntry['kind']

/** What the machinery did on its own and went well: shown, but never at the cost of what a person or the applicant did. */
const minorKinds: ReadonlySet<TimelineKind> = new Set<TimelineKind>(['deliveries', 'booking-page'])
export const isMinor = (entry: TimelineEntry) => minorKinds.has(entry.kind)

type TimelineSource = Pick<
  LeadDetail,
  'receivedAt' | 'history' | 'notes' | 'deliveries' | 'bookingOpenedAt' | 'bookings' | 'ownerChanges'
> &
  Partial<Pick<LeadDetail, 'mergedApplications' | 'outcomes'>>

/** A notification stands where it was last tried, or where it was queued when it has not been yet. */
const deliveryTime = (delivery: LeadDelivery) => delivery.attempts.at(-1)?.startedAt ?? delivery.queuedAt
const latest = (times: string[]) => times.reduce((a, b) => (a > b ? a : b))

/**
 * The notifications as lines: each failed one alone, the others folded by the
 * event they announce. One event's notifications are queued together, in one
 * transaction, so the event and its queue time tell one announcement from
 * another of the same kind (a second booking).
 */
function deliveryEntries(deliveries: LeadDelivery[]): TimelineEntry[] {
  const folded = new Map<string, LeadDelivery[]>()
  const entries: TimelineEntry[] = []
  for (const delivery of deliveries) {
    if (delivery.state === 'failed') {
      entries.push({ kind: 'delivery', at: deliveryTime(delivery), key: `delivery-${delivery.id}`, delivery })
      continue
    }
    const group = `${delivery.event} ${delivery.queuedAt}`
    folded.set(group, [...(folded.get(group) ?? []), delivery])
  }
  for (const group of folded.values()) {
    const [first] = group
    if (!first) continue
    entries.push({
      kind: 'deliveries',
      at: latest(group.map(deliveryTime)),
      key: `deliveries-${first.id}`,
      event: first.event,
      deliveries: group,
    })
  }
  return entries
}

/** How long after its outcome the status change it caused may be written: the same transaction, on a slow day. */
const OUTCOME_MOVE_MS = 60_000

/**
 * The indexes in `history` of the status changes that outcomes caused: each
 * outcome moves the lead to its status (OUTCOME_STATUS), by the same person,
 * in the same transaction, a moment after the outcome is written. The outcome's
 * line says it all (what, how much or why, who), so those are not shown twice.
 * A correction that keeps the status caused none, and takes none.
 */
function movesByOutcomes(history: LeadStatusChange[], outcomes: LeadOutcome[]): Set<number> {
  const caused = new Set<number>()
  for (const outcome of outcomes) {
    const written = Date.parse(outcome.at)
    const index = history.findIndex((change, at) => {
      const after = Date.parse(change.at) - written
      return (
        !caused.has(at) &&
        change.to === OUTCOME_STATUS[outcome.outcome] &&
        change.author === outcome.author &&
        after >= 0 &&
        after <= OUTCOME_MOVE_MS
      )
    })
    if (index !== -1) caused.add(index)
  }
  return caused
}

/**
 * Everything that happened to a lead, newest first: the latest is what a
 * teammate opens the page to see, and it sits next to the note box. Times are
 * the API's UTC text of one width, so they sort as text; of two at the same
 * time, the one that came later in the lead's life comes first.
 */
export function timelineOf(lead: TimelineSource): TimelineEntry[] {
  const byOutcomes = movesByOutcomes(lead.history, lead.outcomes ?? [])
  const entries: TimelineEntry[] = [
    { kind: 'applied', at: lead.receivedAt, key: 'applied' },
    ...(lead.bookingOpenedAt ? [{ kind: 'booking-page' as const, at: lead.bookingOpenedAt, key: 'booking-page' }] : []),
    ...lead.history.flatMap((change, index) =>
      byOutcomes.has(index) ? [] : [{ kind: 'status' as const, at: change.at, key: `status-${index}`, change }],
    ),
    ...lead.bookings.flatMap((booking, bookingIndex) =>
      booking.events.map((event, index) => ({
        kind: 'booking' as const,
        at: event.at,
        key: `booking-${bookingIndex}-${index}`,
        booking,
        event,
      })),
    ),
    ...deliveryEntries(lead.deliveries),
    ...lead.notes.map((note) => ({ kind: 'note' as const, at: note.at, key: `note-${note.id}`, note })),
    ...(lead.mergedApplications ?? []).map((application) => ({
      kind: 'applied-again' as const,
      at: application.appliedAt,
      key: `applied-again-${application.id}`,
      application,
    })),
    ...(lead.outcomes ?? []).map((outcome) => ({
      kind: 'outcome' as const,
      at: outcome.at,
      key: `outcome-${outcome.id}`,
      outcome,
    })),
    ...lead.ownerChanges.map((change, index) => ({
      kind: 'owner' as const,
      at: change.at,
      key: `owner-${index}`,
      change,
    })),
  ]
  return entries
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => (a.entry.at === b.entry.at ? b.order - a.order : a.entry.at < b.entry.at ? 1 : -1))
    .map(({ entry }) => entry)
}

/**
 * The entries shown before "Show all": the newest, down to the `count`-th
 * entry that is not minor, with the minor ones among them. So however many
 * notifications went out, the latest status changes, bookings (with a
 * cancel's reason) and notes are on the first screen.
 */
export function firstEntries(entries: TimelineEntry[], count: number): TimelineEntry[] {
  let seen = 0
  const cut = entries.findIndex((entry) => !isMinor(entry) && ++seen === count)
  return cut === -1 ? entries : entries.slice(0, cut + 1)
}
