import { useDraggable } from '@dnd-kit/core'
import type { ReactNode } from 'react'
import type { LeadBookingSummary } from '../../../common/booking-api.ts'
import type { LeadSummary } from '../../../common/lead-list-api.ts'
import type { LeadStatus } from '../../../common/lead-status.ts'
import { sourceLabel } from '../../../common/source-labels.ts'
import { cn } from '../../lib/cn.ts'
import { boardCopy } from '../content/board-copy.ts'
import { bookingCopy } from '../content/booking-copy.ts'
import { listCopy } from '../content/list-copy.ts'
import { leadName } from '../leads-shared/lead-name.ts'
import { NeedsOutcomeMark, StatusReason } from '../leads-shared/lead-status-note.tsx'
import { NewBadge } from '../leads-shared/new-badge.tsx'
import { OwnerSelect } from '../leads-shared/owner-select.tsx'
import { InboxLink } from '../router/inbox-link.tsx'
import { adminPaths } from '../router/paths.ts'
import { formatCallTime, formatDateTime } from '../ui/format.ts'
import { leadAge } from '../ui/lead-age.ts'
import type { CardData } from './board-dnd.ts'
import { valueWrap } from './value-wrap.ts'

/** The id of a card's handle, for giving it the focus back after a move. */
export const handleId = (id: number) => `board-card-${id}`

function GripIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
      {[5, 10, 15].flatMap((y) => [7, 13].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r={1.6} />))}
    </svg>
  )
}

/** The call, once a booking exists: its time while it is on, else what became of it. */
function CallTime({ booking }: { booking: LeadBookingSummary }) {
  if (booking.state !== 'scheduled') return <>{bookingCopy.states[booking.state]}</>
  if (booking.startsAt === null) return <>{bookingCopy.callBooked}</>
  return <time dateTime={booking.startsAt}>{formatCallTime(booking.startsAt)}</time>
}

/** One fact of a card: the value beside its label while both fit, on its own line when not, never split inside a word. */
function Fact({ label, text, children }: { label: string; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-ink/70">{label}</dt>
      <dd className={cn('min-w-0', valueWrap(text))}>{children ?? text}</dd>
    </div>
  )
}

/** What a card says about its lead: on the board, and under the pointer while it is dragged. */
function CardFacts({ lead, now }: { lead: LeadSummary; now: number }) {
  const exact = formatDateTime(lead.receivedAt)
  return (
    <dl className="mt-1 flex flex-col text-sm">
      <Fact label={boardCopy.source} text={lead.source === null ? listCopy.direct : sourceLabel(lead.source)} />
      <Fact label={boardCopy.budget} text={lead.answers.budget} />
      <Fact label={boardCopy.received} text={leadAge(lead.receivedAt, now)}>
        <time dateTime={lead.receivedAt} title={exact}>
          {leadAge(lead.receivedAt, now)}
        </time>
        {/* The exact time for a screen reader, and on screen while the card has the focus. */}
        <span className="sr-only group-focus-within:not-sr-only"> ({exact})</span>
      </Fact>
      {lead.booking && (
        <Fact label={boardCopy.call} text="">
          <CallTime booking={lead.booking} />
        </Fact>
      )}
    </dl>
  )
}

const cardClass = 'flex gap-2 rounded-xl bg-white p-2 pr-3 shadow-sm'
const handleClass = 'flex min-h-11 min-w-11 shrink-0 items-center justify-center self-start rounded-lg text-ink/70'

interface BoardCardProps {
  lead: LeadSummary
  status: LeadStatus
  now: number
}

/** One lead on the board: its handle moves it, its name opens it, its select gives it an owner. */
export function BoardCard({ lead, status, now }: BoardCardProps) {
  const name = leadName(lead)
  const data: CardData = { lead, name, status }
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: lead.id, data })
  return (
    <li ref={setNodeRef} className={cn('group', isDragging && 'opacity-40')}>
      <article aria-label={name} className={cardClass}>
        <button
          type="button"
          id={handleId(lead.id)}
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={boardCopy.move(name)}
          className={cn(handleClass, 'cursor-grab touch-manipulation hover:bg-stone-100 active:cursor-grabbing')}
        >
          <GripIcon />
        </button>
        <div className="min-w-0 flex-1 py-1">
          <h3 className={cn('font-bold', valueWrap(name))}>
            <InboxLink href={adminPaths.lead(lead.id)} className="underline-offset-4 hover:underline">
              {name}
            </InboxLink>
            <NewBadge lead={lead} />
            <NeedsOutcomeMark lead={lead} />
          </h3>
          <CardFacts lead={lead} now={now} />
          <StatusReason lead={lead} />
          <OwnerSelect id={lead.id} owner={lead.owner} name={name} className="mt-1" />
        </div>
      </article>
    </li>
  )
}

/** The card under the pointer while it is dragged: a picture of it, which assistive technology skips. */
export function DraggedCard({ lead, now }: { lead: LeadSummary; now: number }) {
  return (
    <div aria-hidden="true" className={cn(cardClass, 'cursor-grabbing shadow-xl ring-2 ring-ink')}>
      <span className={handleClass}>
        <GripIcon />
      </span>
      <div className="min-w-0 flex-1 py-1">
        <p className={cn('font-bold', valueWrap(leadName(lead)))}>{leadName(lead)}</p>
        <CardFacts lead={lead} now={now} />
      </div>
    </div>
  )
}
