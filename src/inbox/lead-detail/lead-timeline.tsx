import { useState, type ReactNode } from 'react'
import type { LeadDetail } from '../../../common/lead-page-api.ts'
import { bookingCopy } from '../content/booking-copy.ts'
import { inboxCopy, statusLabels } from '../content/inbox-copy.ts'
import { leadPageCopy } from '../content/lead-page-copy.ts'
import { ownerCopy } from '../content/owner-copy.ts'
import { formatDateTime } from '../ui/format.ts'
import { Section } from '../ui/section.tsx'
import { deliveryState } from './lead-deliveries.tsx'
import { ResendButton } from './resend-button.tsx'
import { timelineOf, type TimelineEntry } from './timeline.ts'

const copy = leadPageCopy.timeline
const detail = inboxCopy.detail

// A lead worked for weeks gathers dozens of lines: the latest show, the rest on demand, so a phone's page stays short.
const SHOWN_AT_FIRST = 5

/** What happened, in words, and who did it where a person did. */
function describe(entry: TimelineEntry, leadId: number): { what: ReactNode; who?: string } {
  switch (entry.kind) {
    case 'applied':
      return { what: <p className="font-semibold">{copy.applied}</p> }
    case 'booking-page':
      return { what: <p className="font-semibold">{copy.bookingPageOpened}</p> }
    case 'status': {
      const { from, to, author } = entry.change
      return {
        what: <p className="font-semibold">{copy.status(from && statusLabels[from], statusLabels[to])}</p>,
        who: copy.by(author),
      }
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
          <p className="font-semibold">
            {copy.booking(bookingCopy.providers[entry.booking.provider], bookingCopy.events[entry.event.kind])}
          </p>
        ),
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
  const shown = all ? entries : entries.slice(0, SHOWN_AT_FIRST)
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
      {entries.length > SHOWN_AT_FIRST && (
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
