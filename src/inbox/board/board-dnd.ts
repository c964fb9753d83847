import {
  KeyboardCode,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type PointerSensorOptions,
} from '@dnd-kit/core'
import type { PointerEvent } from 'react'
import type { LeadSummary } from '../../../common/lead-list-api.ts'
import { LEAD_STATUSES, type LeadStatus } from '../../../common/lead-status.ts'

/** What a card carries while it is dragged. */
export interface CardData {
  lead: LeadSummary
  name: string
  status: LeadStatus
}

const isStatus = (id: unknown): id is LeadStatus => LEAD_STATUSES.some((status) => status === id)

/** The column a drag is over, when it is over one. */
export const columnOf = (id: unknown): LeadStatus | undefined => (isStatus(id) ? id : undefined)

/**
 * The keyboard's moves: left and right go to the column beside, keeping the
 * card's height; up and down do nothing (and do not scroll the page under
 * it). The card lands in the middle of the column, which a horizontal
 * board's scroller then brings into view.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step = event.code === KeyboardCode.Right ? 1 : event.code === KeyboardCode.Left ? -1 : 0
  if (event.code === KeyboardCode.Up || event.code === KeyboardCode.Down || step !== 0) event.preventDefault()
  const { collisionRect, droppableRects, over, active } = context
  const current = columnOf(over?.id) ?? (active?.data.current as CardData | undefined)?.status
  if (step === 0 || collisionRect === null || current === undefined) return undefined
  const next = LEAD_STATUSES[LEAD_STATUSES.indexOf(current) + step]
  const rect = next === undefined ? undefined : droppableRects.get(next)
  if (rect === undefined) return undefined
  return { x: rect.left + (rect.width - collisionRect.width) / 2, y: collisionRect.top }
}

/** The column under the pointer; for the keyboard, the column the card overlaps most. */
export const boardCollisions: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const within = pointerWithin(args)
    if (within.length > 0) return within
  }
  return rectIntersection(args)
}

/**
 * The pointer sensor for a mouse or a pen. A finger is the touch sensor's,
 * which waits for a press and hold, so that a swipe over a card still
 * scrolls the board.
 */
export class MouseAndPenSensor extends PointerSensor {
  static override activators: typeof PointerSensor.activators = [
    {
      eventName: 'onPointerDown',
      handler: ({ nativeEvent: event }: PointerEvent, { onActivation }: PointerSensorOptions) => {
        if (!event.isPrimary || event.button !== 0 || event.pointerType === 'touch') return false
        onActivation?.({ event })
        return true
      },
    },
  ]
}
