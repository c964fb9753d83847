import { useId, useState } from 'react'
import type { LeadSummary } from '../../../common/lead-list-api.ts'
import { cn } from '../../lib/cn.ts'
import { InvalidEmailMark } from '../contact/invalid-email-mark.tsx'
import { listCopy } from '../content/list-copy.ts'
import { AppliedAgainBadge } from '../leads-shared/applied-again-badge.tsx'
import { LeadAnswersList } from '../leads-shared/lead-answers.tsx'
import { leadName } from '../leads-shared/lead-name.ts'
import { NeedsOutcomeMark, StatusReason } from '../leads-shared/lead-status-note.tsx'
import { NewBadge } from '../leads-shared/new-badge.tsx'
import { NotSpamButton } from '../leads-shared/not-spam-button.tsx'
import { OwnerName } from '../leads-shared/owner-name.tsx'
import { bookingLabel } from './booking-label.ts'
import { ReceivedAge, SourceBadge } from './lead-facts.tsx'
import { LeadLink } from './lead-link.tsx'
import { RowStatusSelect } from './row-status-select.tsx'
import { SelectBox } from './select-box.tsx'

export interface LeadRowProps {
  lead: LeadSummary
  spam: boolean
  now: number
  selected: boolean
  onSelect: (id: number, selected: boolean) => void
  onStatusChanged: (announcement: string) => void
}

/** Every column, the hidden ones included, for the answers' row to span. */
export const COLUMN_COUNT = 8
const cell = 'px-2 py-px align-middle'

/** One lead in the table: a single line of facts and controls, its answers in a row below on demand. */
export function LeadRow({ lead, spam, now, selected, onSelect, onStatusChanged }: LeadRowProps) {
  const [open, setOpen] = useState(false)
  const answersId = useId()
  const name = leadName(lead)
  const { email, budget } = lead.answers
  return (
    <>
      <tr className={cn('group/lead border-b border-ink/10 last:border-0', selected && 'bg-gold/10')}>
        <td className="w-11 pl-1 align-middle">
          <SelectBox
            label={listCopy.select(name)}
            checked={selected}
            onChange={(checked) => onSelect(lead.id, checked)}
          />
        </td>
        <th scope="row" className={cn(cell, 'min-w-0 text-left font-normal')}>
          {/* The name and, beside it, room for a marker such as "New". */}
          <div className="flex min-w-0 items-center gap-2">
            <LeadLink id={lead.id} title={name} className="truncate font-semibold underline-offset-4 hover:underline">
              {name}
            </LeadLink>
            <NewBadge lead={lead} />
            <AppliedAgainBadge lead={lead} />
            <NeedsOutcomeMark lead={lead} />
          </div>
          <p title={email} className="truncate text-xs leading-4 text-ink/75">
            {email}
            <InvalidEmailMark email={email} className="leading-4" />
          </p>
          {/* Below 1024 px the source and budget columns fold in here. */}
          <p className="flex min-w-0 items-center gap-2 lg:hidden">
            <SourceBadge lead={lead} className="shrink-0 text-xs" />
            <span title={budget} className="truncate">
              {budget}
            </span>
          </p>
        </th>
        <td className={cn(cell, 'hidden lg:table-cell')}>
          <SourceBadge lead={lead} />
        </td>
        <td className={cn(cell, 'hidden lg:table-cell')}>
          <span title={budget} className="block truncate">
            {budget}
          </span>
        </td>
        <td className={cell}>
          <ReceivedAge lead={lead} now={now} />
        </td>
        <td className={cell}>
          {spam ? (
            <NotSpamButton id={lead.id} name={name} onMoved={onStatusChanged} />
          ) : (
            <RowStatusSelect lead={lead} onChanged={onStatusChanged} chip />
          )}
          {lead.booking && <p className="text-xs">{bookingLabel(lead)}</p>}
          <StatusReason lead={lead} />
        </td>
        <td className={cn(cell, 'hidden lg:table-cell')}>
          <OwnerName owner={lead.owner} />
        </td>
        <td className={cn(cell, 'pr-2 text-right')}>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={open ? answersId : undefined}
            aria-label={listCopy.answersOf(name)}
            onClick={() => setOpen(!open)}
            className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 text-sm font-semibold ring-1 ring-ink/20 hover:bg-ink/5 pointer-fine:min-h-8"
          >
            {listCopy.answers}
            <span aria-hidden="true" className={cn('inline-block transition-transform', open && 'rotate-180')}>
              ▾
            </span>
          </button>
        </td>
      </tr>
      {open && (
        <tr id={answersId} className="border-b border-ink/10 bg-stone-50">
          <td colSpan={COLUMN_COUNT} className="px-4 py-3">
            <LeadAnswersList answers={lead.answers} />
          </td>
        </tr>
      )}
    </>
  )
}
