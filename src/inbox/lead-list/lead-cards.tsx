import { ContactLinks } from '../contact/contact-links.tsx'
import { bookingCopy } from '../content/booking-copy.ts'
import { listCopy } from '../content/list-copy.ts'
import { LeadAnswersList } from '../leads-shared/lead-answers.tsx'
import { leadName } from '../leads-shared/lead-name.ts'
import { NewBadge } from '../leads-shared/new-badge.tsx'
import { NotSpamButton } from '../leads-shared/not-spam-button.tsx'
import { bookingLabel } from './booking-label.ts'
import type { LeadRowsProps } from './lead-columns.ts'
import { ReceivedAge, SourceBadge } from './lead-facts.tsx'
import { LeadLink } from './lead-link.tsx'
import { RowStatusSelect } from './row-status-select.tsx'
import { SelectBox } from './select-box.tsx'

const columns = listCopy.columns

/** The list below 640 px: one card per lead, what a call needs first: who, where they stand, and how to reach them. */
export function LeadCards({ leads, spam, now, sort, selection, onStatusChanged }: LeadRowsProps) {
  return (
    <ul aria-label={listCopy.caption[sort]} className="flex flex-col gap-3 sm:hidden">
      {leads.map((lead) => {
        const name = leadName(lead)
        return (
          <li key={lead.id} className="group/lead rounded-2xl bg-white p-3 shadow-sm">
            <article aria-label={name}>
              <div className="flex items-start gap-1">
                <SelectBox
                  label={listCopy.select(name)}
                  checked={selection.has(lead.id)}
                  onChange={(checked) => selection.setMany([lead.id], checked)}
                  className="-ml-2 shrink-0"
                />
                <h2 className="min-w-0 flex-1 py-2 text-lg font-bold break-words">
                  <LeadLink id={lead.id} className="underline underline-offset-4">
                    {name}
                  </LeadLink>
                  <NewBadge lead={lead} />
                </h2>
              </div>
              <div className="mt-1">
                {spam ? (
                  <NotSpamButton id={lead.id} name={name} onMoved={onStatusChanged} />
                ) : (
                  <RowStatusSelect lead={lead} onChanged={onStatusChanged} chip />
                )}
              </div>
              <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                <dt className="font-semibold">{columns.received}</dt>
                <dd>
                  <ReceivedAge lead={lead} now={now} />
                </dd>
                <dt className="font-semibold">{columns.source}</dt>
                <dd>
                  <SourceBadge lead={lead} />
                </dd>
                <dt className="font-semibold">{columns.budget}</dt>
                <dd className="break-words">{lead.answers.budget}</dd>
                {lead.booking && (
                  <>
                    <dt className="font-semibold">{bookingCopy.column}</dt>
                    <dd>{bookingLabel(lead)}</dd>
                  </>
                )}
              </dl>
              <div className="mt-2 text-sm">
                <ContactLinks answers={lead.answers} leadId={lead.id} />
              </div>
              <details className="mt-2">
                <summary className="flex min-h-11 cursor-pointer items-center font-semibold">
                  {listCopy.answers}
                </summary>
                <div className="pt-2 text-sm">
                  <LeadAnswersList answers={lead.answers} />
                </div>
              </details>
            </article>
          </li>
        )
      })}
    </ul>
  )
}
