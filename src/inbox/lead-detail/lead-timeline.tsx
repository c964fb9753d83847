import { useState, type ReactNode } from 'react'
import type { LeadDetail } from '../../../common/lead-page-api.ts'
import { bookingCopy } from '../content/booking-copy.ts'
import { duplicatesCopy } from '../content/duplicates-copy.ts'
import { inboxCopy, statusLabels } from '../content/inbox-copy.ts'
import { leadPageCopy } from '../content/lead-page-copy.ts'
import { outcomeCopy } from '../content/outcome-copy.ts'
import { ownerCopy } from '../content/owner-copy.ts'
import { formatDateTime } from '../ui/format.ts'
import { Section } from '../ui/section.tsx'
import { deliveryState } from './lead-deliveries.tsx'
import { outcomeLine } from './outcome-line.ts'
import { ResendButton } from './resend-button.tsx'
import { firstEntries, timelineOf, type TimelineEntry } from './timeline.ts'

const copy = leadPageCopy.timeline
const detail = inboxCopy.detail

// A lead worked for weeks gathers dozens of lines: the latest five that matter show, the rest on demand, so a phone's page stays short.
const SHOWN_AT_FIRST = 5

const channelsOf = (deliveries: { channel: string }[]) => deliveries.map((delivery) => delivery.channel)

/** What happened, in words, and who did it where a person did. */
function describe(entry: TimelineEntry, leadId: number): { what: ReactNode; who?: string } {
  switch (entry.kind) {
    case 'applied':
      return { what: <p className="font-semibold">{copy.applied}</p> }
    case 'applied-again':
      return {
        what: <p className="font-semibold">{duplicatesCopy.appliedAgainOn(formatDateTime(entry.at))}</p>,
        who: duplicatesCopy.mergedBy(entry.application.mergedBy, formatDateTime(entry.application.mergedAt)),
      }
    case 'booking-page':
      return { what: <p className="font-semibold">{copy.bookingPageOpened}</p> }
    case 'status': {
      const { from, to, author, reason } = entry.change
      return {
        what: (
          <>
            <p className="font-semibold">{copy.status(from && statusLabels[from], statusLabels[to])}</p>
            {reason !== null && <p className="break-words">{outcomeCopy.reason(reason)}</p>}
          </>
        ),
        who: copy.by(author),
      }
    }
    case 'outcome':
      return {
        what: (
          <>
            <p className="font-semibold break-words">{outcomeLine(entry.outcome)}</p>
            {entry.outcome.note && <p className="break-words whitespace-pre-wrap">{entry.outcome.note}</p>}
          </>
        ),
        who: copy.by(entry.outcome.author),
      }
    case 'owner': {
      const { owner, author } = entry.change
      return {
        what: <p className="font-semibold">{owner === null ? ownerCopy.unassignedEntry : ownerCopy.assigned(owner)}</p>,
        who: ownerCopy.by(author),
      }
    }
    case 'note':
      return {
        what: <p className="whitespace-pre-wrap break-words rounded-lg bg-ink/5 px-2 py-1">{entry.note.body}</p>,
        who: copy.note(entry.note.author),
      }
    case 'booking':
      return {
        what: (
          <>
            <p className="font-semibold">
              {copy.booking(bookingCopy.providers[entry.booking.provider], bookingCopy.events[entry.event.kind])}
            </p>
            {/* Why it was cancelled, where it happened rather than only in the bookings' section further down. */}
            {entry.event.kind === 'canceled' && entry.booking.cancelReason && (
              <p className="break-words">{bookingCopy.reason(entry.booking.cancelReason)}</p>
            )}
          </>
        ),
      }
    case 'deliveries': {
      const sent = entry.deliveries.filter((delivery) => delivery.state === 'delivered')
      const sending = entry.deliveries.filter((delivery) => delivery.state !== 'delivered')
      return {
        what: (
          <p className="break-words">
            <span className="font-semibold">{detail.deliveryEvents[entry.event]}</span>:{' '}
            {copy.folded(channelsOf(sent), channelsOf(sending))}
          </p>
        ),
      }
    }
    case 'delivery':
      return {
        what: (
          <div className="flex flex-col items-start gap-1">
            <p className="break-words">
              <span className="font-semibold">
                {copy.delivery(detail.deliveryEvents[entry.delivery.event], entry.delivery.channel)}
              </span>
              : {deliveryState(entry.delivery)}
            </p>
            {/* Why it failed, in the sender's words: an answer no email may go to says so here. */}
            {entry.delivery.state === 'failed' && entry.delivery.attempts.at(-1)?.error && (
              <p className="break-words text-sm">{entry.delivery.attempts.at(-1)?.error}</p>
            )}
            {entry.delivery.state === 'failed' && <ResendButton leadId={leadId} delivery={entry.delivery} />}
          </div>
        ),
      }
  }
}

/** Everything that happened to the lead in one list, newest first. */
export function LeadTimeline({ lead }: { lead: LeadDetail }) {
  const entries = timelineOf(lead)
  const [all, setAll] = useState(false)
  const first = firstEntries(entries, SHOWN_AT_FIRST)
  const shown = all ? entries : first
  return (
    <Section title={copy.title} aside={copy.intro}>
      <ol className="flex flex-col">
        {shown.map((entry) => {
          const { what, who } = describe(entry, lead.id)
          return (
            <li key={entry.key} className="border-l-2 border-ink/15 pb-3 pl-3">
              {what}
              <p className="text-sm text-ink/75">
                {who && `${who} · `}
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </p>
            </li>
          )
        })}
      </ol>
      {entries.length > first.length && (
        <button
          type="button"
          aria-expanded={all}
          onClick={() => setAll(!all)}
          className="min-h-11 rounded-full px-4 font-semibold ring-1 ring-ink/25 hover:bg-ink/5"
        >
          {all ? copy.showFewer : copy.showAll(entries.length)}
        </button>
      )}
    </Section>
  )
}
