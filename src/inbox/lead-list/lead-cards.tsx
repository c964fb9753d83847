import { touchLead } from '../api/owners.ts'
import { useSignedIn } from '../api/session.ts'
import { telHref } from '../contact/contact-hrefs.ts'
import { listCopy } from '../content/list-copy.ts'
import { AppliedAgainBadge } from '../leads-shared/applied-again-badge.tsx'
import { leadName } from '../leads-shared/lead-name.ts'
import { NeedsOutcomeMark } from '../leads-shared/lead-status-note.tsx'
import { NewBadge } from '../leads-shared/new-badge.tsx'
import { NotSpamButton } from '../leads-shared/not-spam-button.tsx'
import { bookingLabel } from './booking-label.ts'
import type { LeadRowsProps } from './lead-columns.ts'
import { ReceivedAge, SourceBadge } from './lead-facts.tsx'
import { LeadLink } from './lead-link.tsx'
import { RowStatusSelect } from './row-status-select.tsx'
import { SelectBox } from './select-box.tsx'

/** A handset, drawn with the text's colour. */
function PhoneIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2"
      />
    </svg>
  )
}

/**
 * The list below 640 px: one compact row per lead, so a closer sees several
 * at once: who and since when on the left (the name's link covers that whole
 * part), the status chip and a one-tap call on the right, every target 44 px.
 * The rest of the answers are one tap away, on the lead's page.
 */
export function LeadCards({ leads, spam, now, sort, selection, onStatusChanged }: LeadRowsProps) {
  const { csrfToken } = useSignedIn()
  return (
    <ul aria-label={listCopy.caption[sort]} className="flex flex-col gap-2 sm:hidden">
      {leads.map((lead) => {
        const name = leadName(lead)
        const call = telHref(lead.answers.phone)
        return (
          <li key={lead.id} className="group/lead rounded-xl bg-white py-1 pr-1 shadow-sm">
            <article aria-label={name} className="flex items-center gap-1">
              <SelectBox
                label={listCopy.select(name)}
                checked={selection.has(lead.id)}
                onChange={(checked) => selection.setMany([lead.id], checked)}
                className="shrink-0"
              />
              <div className="relative min-w-0 flex-1 py-1">
                <h2 className="truncate font-bold">
                  <LeadLink
                    id={lead.id}
                    className="underline underline-offset-4 after:absolute after:inset-0 after:z-10 after:content-['']"
                  >
                    {name}
                  </LeadLink>
                </h2>
                <p className="flex min-w-0 items-center gap-1.5 overflow-hidden text-sm text-ink/75">
                  <NewBadge lead={lead} className="ml-0 shrink-0" />
                  <AppliedAgainBadge lead={lead} />
                  <NeedsOutcomeMark lead={lead} />
                  <ReceivedAge lead={lead} now={now} />
                  <SourceBadge lead={lead} className="min-w-0 shrink" />
                </p>
                {/* The call on a line of its own, never cut: its date and time are what the closer needs. */}
                {lead.booking && <p className="text-sm">{bookingLabel(lead)}</p>}
                {/* Why a lead is to chase (or lost): its own line, as it is what a closer calls about. */}
                {lead.statusReason !== null && <p className="truncate text-sm font-semibold">{lead.statusReason}</p>}
              </div>
              <div className="w-28 shrink-0">
                {spam ? (
                  <NotSpamButton id={lead.id} name={name} onMoved={onStatusChanged} />
                ) : (
                  <RowStatusSelect lead={lead} onChanged={onStatusChanged} chip />
                )}
              </div>
              {call && (
                <a
                  href={call}
                  onClick={() => touchLead(lead.id, 'call', csrfToken)}
                  className="flex size-11 shrink-0 items-center justify-center rounded-full text-ink ring-1 ring-ink/25 hover:bg-ink/5"
                >
                  <PhoneIcon />
                  <span className="sr-only">{listCopy.call(name, lead.answers.phone.trim())}</span>
                </a>
              )}
            </article>
          </li>
        )
      })}
    </ul>
  )
}
