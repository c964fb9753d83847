import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { LeadBoard } from '../../../common/board-api.ts'
import type { LeadStatus } from '../../../common/lead-status.ts'
import { cn } from '../../lib/cn.ts'
import { useLeadBoard } from '../api/board.ts'
import { boardCopy } from '../content/board-copy.ts'
import { statusLabels } from '../content/inbox-copy.ts'
import { LoadFailed } from '../ui/load-failed.tsx'
import { useNow } from '../ui/use-now.ts'
import { DraggedCard, handleId } from './board-card.tsx'
import { BoardColumn } from './board-column.tsx'
import { boardCollisions, columnKeyboardCoordinates, columnOf, MouseAndPenSensor, type CardData } from './board-dnd.ts'
import { MoveToast, useBoardMoves } from './move-toast.tsx'

const cardOf = (data: { current?: unknown }) => data.current as CardData | undefined
const label = (status: LeadStatus) => statusLabels[status]

/**
 * What a screen reader hears as a card moves (dnd-kit's live region). A card
 * is over its own column as soon as it is picked up: that is not said again
 * over "Picked up", only once it comes back there.
 */
function useAnnouncements(): Announcements {
  const lastOver = useRef<LeadStatus | undefined>(undefined)
  return useMemo(
    () => ({
      onDragStart: ({ active }) => {
        const card = cardOf(active.data)
        lastOver.current = card?.status
        return card && boardCopy.announce.pickedUp(card.name, label(card.status))
      },
      onDragOver: ({ active, over }) => {
        const card = cardOf(active.data)
        const column = columnOf(over?.id)
        if (!card || column === lastOver.current) return undefined
        lastOver.current = column
        return column ? boardCopy.announce.over(card.name, label(column)) : boardCopy.announce.overNothing(card.name)
      },
      onDragEnd: ({ active, over }) => {
        const card = cardOf(active.data)
        const column = columnOf(over?.id)
        if (!card) return undefined
        return column && column !== card.status
          ? boardCopy.announce.moved(card.name, label(column))
          : boardCopy.announce.stayed(card.name, label(card.status))
      },
      onDragCancel: ({ active }) => {
        const card = cardOf(active.data)
        return card && boardCopy.announce.cancelled(card.name, label(card.status))
      },
    }),
    [],
  )
}

/** The pipeline board (/admin/board, below its title): one column per status; a card moves by pointer, touch or keyboard. */
export default function BoardPage() {
  // The board is read live, but not while a card is in the hand: it stays where the drag began.
  const [dragging, setDragging] = useState(false)
  const board = useLeadBoard(dragging)
  if (board.data) return <Board board={board.data} onDragging={setDragging} />
  if (board.isError) return <LoadFailed error={board.error} onRetry={() => void board.refetch()} />
  return <p className="mt-6">{boardCopy.loading}</p>
}

function Board({ board, onDragging }: { board: LeadBoard; onDragging: (dragging: boolean) => void }) {
  const now = useNow(60_000)
  const [dragged, setDraggedCard] = useState<CardData | null>(null)
  const setDragged = (card: CardData | null) => {
    setDraggedCard(card)
    onDragging(card !== null)
  }
  const announcements = useAnnouncements()
  const sensors = useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 4 } }),
    // A press and hold picks a card up; a swipe scrolls.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  )

  // A card that moves is a new element in its new column: the focus follows
  // it there once it is drawn, after a move by keyboard, an undo or closing the toast.
  const focusTarget = useRef<{ id: number; status: LeadStatus } | null>(null)
  const focusCard = useCallback(() => {
    const target = focusTarget.current
    if (target === null) return
    const handle = document.getElementById(handleId(target.id))
    if (handle?.closest('[data-status]')?.getAttribute('data-status') !== target.status) return
    handle.focus()
    focusTarget.current = null
  }, [])
  useEffect(focusCard, [board, focusCard])
  const focusCardIn = (id: number, status: LeadStatus) => {
    focusTarget.current = { id, status }
    focusCard()
  }
  // A refused move puts the card back: a focus that went with it comes back too.
  const moves = useBoardMoves(({ id, from }) => {
    if (focusTarget.current?.id === id || document.activeElement?.id === handleId(id))
      focusTarget.current = { id, status: from }
  })

  const onDragStart = ({ active }: DragStartEvent) => setDragged(cardOf(active.data) ?? null)
  const onDragEnd = ({ active, over, activatorEvent }: DragEndEvent) => {
    setDragged(null)
    const card = cardOf(active.data)
    const to = columnOf(over?.id)
    if (!card || !to || to === card.status) return
    if (activatorEvent instanceof KeyboardEvent) focusTarget.current = { id: card.lead.id, status: to }
    moves.move({ id: card.lead.id, name: card.name, from: card.status, to })
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={boardCollisions}
      // A fifth of dnd-kit's speed: near a phone's edge the board scrolls about a column a second, slow enough to stop at the one wanted.
      autoScroll={{ acceleration: 2 }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: boardCopy.instructions } }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      <div
        className={cn(
          // A phone scrolls the board a column at a time; the snap is off while a card is dragged, so the scroll can follow it.
          '-mx-4 mt-6 flex scroll-px-4 gap-3 overflow-x-auto px-4 pb-4 sm:-mx-6 sm:scroll-px-6 sm:px-6',
          dragged ? 'snap-none' : 'snap-x snap-mandatory',
          moves.last && 'mb-28',
        )}
      >
        {board.columns.map((column) => (
          <BoardColumn key={column.status} column={column} now={now} />
        ))}
      </div>
      <DragOverlay dropAnimation={null}>{dragged && <DraggedCard lead={dragged.lead} now={now} />}</DragOverlay>
      <MoveToast moves={moves} focusCard={focusCardIn} />
    </DndContext>
  )
}
