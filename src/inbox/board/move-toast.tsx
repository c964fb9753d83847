import { useRef, useState } from 'react'
import type { LeadStatus } from '../../../common/lead-status.ts'
import { useMoveLead } from '../api/board.ts'
import { isUnauthorized } from '../api/inbox-fetch.ts'
import { boardCopy } from '../content/board-copy.ts'
import { statusLabels } from '../content/inbox-copy.ts'

/** A card's move: whose, and between which columns. */
export interface CardMove {
  id: number
  name: string
  from: LeadStatus
  to: LeadStatus
}

/** The last move and how it went: saving, saved (it may be undone), or refused (the card went back). */
interface LastMove {
  serial: number
  move: CardMove
  undo: boolean
  phase: 'saving' | 'saved' | 'refused'
}

/** Sends the board's moves and keeps the last one, for the toast and its Undo; `onRefused` hears of each the server refused. */
export function useBoardMoves(onRefused: (move: CardMove) => void) {
  const moveLead = useMoveLead()
  const [last, setLast] = useState<LastMove | null>(null)
  const serial = useRef(0)
  const send = (move: CardMove, undo: boolean) => {
    const mine = ++serial.current
    setLast({ serial: mine, move, undo, phase: 'saving' })
    moveLead.mutateAsync({ id: move.id, from: move.from, to: move.to }).then(
      () => setLast((current) => (current?.serial === mine ? { ...current, phase: 'saved' } : current)),
      (error: unknown) => {
        // A refusal is shown even over a later move: that card is not where it was left.
        if (isUnauthorized(error)) return
        setLast({ serial: mine, move, undo, phase: 'refused' })
        onRefused(move)
      },
    )
  }
  return {
    last,
    move: (move: CardMove) => send(move, false),
    undo: (move: CardMove) => send({ ...move, from: move.to, to: move.from }, true),
    dismiss: () => setLast(null),
  }
}

export type BoardMoves = ReturnType<typeof useBoardMoves>

function message({ move, undo, phase }: LastMove) {
  const [from, to] = [statusLabels[move.from], statusLabels[move.to]]
  if (phase === 'refused')
    return undo ? boardCopy.undoFailed(move.name, to, from) : boardCopy.moveFailed(move.name, to, from)
  return undo ? boardCopy.undone(move.name, to) : boardCopy.announce.moved(move.name, to)
}

const toastButton = 'min-h-11 rounded-lg px-3 font-semibold focus-visible:outline-gold-strong'

/**
 * The last move, at the foot of the screen until it is closed or another
 * follows: Undo once the server has it, or why the card went back. The move
 * itself is announced by the board (dnd-kit's live region); the status line
 * here announces what the board does not, an undo.
 */
export function MoveToast({
  moves,
  focusCard,
}: {
  moves: BoardMoves
  focusCard: (id: number, status: LeadStatus) => void
}) {
  const { last } = moves
  const undone = last?.undo && last.phase !== 'refused' ? message(last) : ''
  return (
    <>
      <p role="status" className="sr-only">
        {undone}
      </p>
      {last && (
        <section
          aria-label={boardCopy.lastMove}
          className="fixed inset-x-4 bottom-4 z-20 mx-auto flex max-w-lg items-center gap-2 rounded-xl bg-ink py-2 pr-2 pl-4 text-white shadow-xl"
        >
          {last.phase === 'refused' ? (
            <p role="alert" className="flex-1 py-2">
              {message(last)}
            </p>
          ) : (
            <p className="flex-1 py-2">{message(last)}</p>
          )}
          {!last.undo && last.phase === 'saved' && (
            <button
              type="button"
              aria-label={boardCopy.undoLabel(last.move.name, statusLabels[last.move.from])}
              className={`${toastButton} text-gold-strong underline underline-offset-4 hover:bg-white/10`}
              onClick={() => {
                moves.undo(last.move)
                focusCard(last.move.id, last.move.from)
              }}
            >
              {boardCopy.undo}
            </button>
          )}
          <button
            type="button"
            aria-label={boardCopy.dismiss}
            className={`${toastButton} text-xl leading-none text-mist hover:bg-white/10 hover:text-white`}
            onClick={() => {
              moves.dismiss()
              focusCard(last.move.id, last.phase === 'refused' ? last.move.from : last.move.to)
            }}
          >
            ×
          </button>
        </section>
      )}
    </>
  )
}
