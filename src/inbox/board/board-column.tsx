import { useDroppable } from '@dnd-kit/core'
import { useId } from 'react'
import type { LeadBoardColumn } from '../../../common/board-api.ts'
import { cn } from '../../lib/cn.ts'
import { boardCopy } from '../content/board-copy.ts'
import { statusLabels } from '../content/inbox-copy.ts'
import { listPath } from '../leads-shared/list-query.ts'
import { InboxLink } from '../router/inbox-link.tsx'
import { BoardCard } from './board-card.tsx'

const number = new Intl.NumberFormat()

/** One status: its name and count, its newest leads, and a drop target for a card. */
export function BoardColumn({ column, now }: { column: LeadBoardColumn; now: number }) {
  const { status, count, leads } = column
  const { setNodeRef, isOver } = useDroppable({ id: status })
  const labelId = useId()
  const label = statusLabels[status]
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={labelId}
      data-status={status}
      className={cn(
        // A phone shows one column and the edge of the next; wider screens more (seven columns do not fit a laptop: it scrolls too).
        // relative: what is there for screen readers only (absolutely placed) stays inside the scrolling board.
        'relative flex w-[85%] min-w-0 shrink-0 snap-start snap-always flex-col rounded-2xl p-2 sm:w-72',
        isOver ? 'bg-amber-100 ring-2 ring-ink' : 'bg-stone-200',
      )}
    >
      <h2 className="flex flex-wrap items-center justify-between gap-x-2 px-1 py-2 text-lg font-bold">
        <span>
          <span id={labelId}>{label}</span>
          <span className="sr-only">:</span>
        </span>
        <span className="rounded-full bg-white px-2.5 py-0.5 text-sm tabular-nums">
          {number.format(count)}
          <span className="sr-only">{boardCopy.leads(count)}</span>
        </span>
      </h2>
      {leads.length === 0 ? (
        <p className="px-1 py-2 text-sm text-ink/70">{boardCopy.empty}</p>
      ) : (
        <ul aria-labelledby={labelId} className="flex flex-col gap-2">
          {leads.map((lead) => (
            <BoardCard key={lead.id} lead={lead} status={status} now={now} />
          ))}
        </ul>
      )}
      {count > leads.length && (
        <p className="mt-3 px-1 text-sm">
          {boardCopy.shown(leads.length)}{' '}
          <InboxLink href={listPath({ status })} className="font-semibold underline underline-offset-4">
            {boardCopy.seeAll(label.toLowerCase())}
          </InboxLink>
        </p>
      )}
    </section>
  )
}
