import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { LeadBoard } from '../../../common/board-api.ts'
import type { LeadSummary } from '../../../common/lead-list-api.ts'
import type { LeadDetail } from '../../../common/lead-page-api.ts'
import type { LeadStatus } from '../../../common/lead-status.ts'
import { inboxFetch, inboxFetchLive } from './inbox-fetch.ts'
import { useLivePolling } from './live.ts'
import { LEADS_KEY } from './session-key.ts'
import { useSignedIn } from './session.ts'

/** Kept under LEADS_KEY, so a change made elsewhere in the inbox has the board read again. */
export const BOARD_KEY = [...LEADS_KEY, 'board'] as const
const MOVE_KEY = ['board-move'] as const

/** Cards this inbox moved lately, by lead id, with when: kept on the board though the server's columns no longer list them. */
const recentMoves = new Map<number, { card: LeadSummary; at: number }>()
const KEEP_MOVED_MS = 60_000

/**
 * The board read live (api/live.ts), not while `paused` (a card is being
 * dragged). Cards moved here in the last minute stay in view (keepMovedCards).
 */
export function useLeadBoard(paused = false) {
  return useQuery({
    queryKey: BOARD_KEY,
    queryFn: async () =>
      keepMovedCards(await inboxFetchLive<LeadBoard>('/leads/board'), [...recentMoves.values()], Date.now()),
    // Read again when the team comes back to the tab: others move leads too.
    refetchOnWindowFocus: true,
    ...useLivePolling(paused),
  })
}

/**
 * The board with each card moved here in the last KEEP_MOVED_MS put back in
 * its column, at its place by time, when the server's board has it nowhere: a
 * card moved into a column among older leads is not among its newest few, and
 * would vanish a few seconds after the move. The counts are the server's,
 * which include it.
 */
export function keepMovedCards(board: LeadBoard, moves: { card: LeadSummary; at: number }[], now: number): LeadBoard {
  const shown = new Set(board.columns.flatMap((column) => column.leads.map((lead) => lead.id)))
  const kept = moves.filter(({ card, at }) => now - at < KEEP_MOVED_MS && !shown.has(card.id)).map(({ card }) => card)
  if (kept.length === 0) return board
  return {
    columns: board.columns.map((column) =>
      kept.reduce(
        (into, card) => (card.status === into.status ? { ...into, leads: byTime(into.leads, card) } : into),
        column,
      ),
    ),
  }
}

/** Where a lead's card is on the board, if it is on it. */
export const statusOnBoard = (board: LeadBoard, id: number): LeadStatus | undefined =>
  board.columns.find((column) => column.leads.some((lead) => lead.id === id))?.status

// Newest first, as the server orders each column: by time, then id.
const isNewer = (a: LeadSummary, b: LeadSummary) =>
  a.receivedAt > b.receivedAt || (a.receivedAt === b.receivedAt && a.id > b.id)

/**
 * The board with lead `id` in column `to`, at its place by time, and both
 * columns' counts changed by one; unchanged when the card is not on the board
 * or already there. `update` replaces the card's facts (the server's answer).
 */
export function moveCard(board: LeadBoard, id: number, to: LeadStatus, update?: LeadSummary): LeadBoard {
  const from = statusOnBoard(board, id)
  const card = board.columns.flatMap((column) => column.leads).find((lead) => lead.id === id)
  if (from === undefined || card === undefined) return board
  const moved = { ...card, ...update, status: to }
  if (from === to) {
    if (update === undefined) return board
    return {
      columns: board.columns.map((column) => ({
        ...column,
        leads: column.leads.map((lead) => (lead.id === id ? moved : lead)),
      })),
    }
  }
  return {
    columns: board.columns.map((column) => {
      if (column.status === from)
        return { ...column, count: Math.max(0, column.count - 1), leads: column.leads.filter((lead) => lead.id !== id) }
      if (column.status !== to) return column
      return { ...column, count: column.count + 1, leads: byTime(column.leads, moved) }
    }),
  }
}

/** `leads` (newest first) with `card` at its place by time. */
function byTime(leads: LeadSummary[], card: LeadSummary): LeadSummary[] {
  const at = leads.findIndex((lead) => isNewer(card, lead))
  return at === -1 ? [...leads, card] : [...leads.slice(0, at), card, ...leads.slice(at)]
}

export interface BoardMove {
  id: number
  from: LeadStatus
  to: LeadStatus
}

/**
 * Moves a card: one PATCH of the lead's status, shown at once. The card and
 * both counts change before the server answers; if it refuses, the card goes
 * back (unless it was moved again since) and the board is read again. Moves
 * are sent one after another, so the server keeps the last one made. After a
 * move the board is not read again at once (the live reading comes a few
 * seconds on, and keeps the moved card: keepMovedCards). Lists and lead pages
 * are, as after any change.
 */
export function useMoveLead() {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  const setBoard = (change: (board: LeadBoard) => LeadBoard) =>
    queryClient.setQueryData<LeadBoard>(BOARD_KEY, (board) => (board === undefined ? board : change(board)))
  return useMutation({
    mutationKey: MOVE_KEY,
    scope: { id: 'board-move' },
    mutationFn: ({ id, to }: BoardMove) =>
      inboxFetch<LeadDetail>(`/leads/${id}`, { method: 'PATCH', body: { status: to }, csrfToken }),
    onMutate: async ({ id, to }) => {
      // A read under way would answer the board as it was.
      await queryClient.cancelQueries({ queryKey: BOARD_KEY })
      setBoard((board) => moveCard(board, id, to))
    },
    onSuccess: (lead) => {
      const now = Date.now()
      for (const [id, { at }] of recentMoves) if (now - at >= KEEP_MOVED_MS) recentMoves.delete(id)
      // The server answers the lead's page, which is its summary and more: the card takes it as it is.
      recentMoves.set(lead.id, { card: lead, at: now })
      setBoard((board) => moveCard(board, lead.id, lead.status, lead))
    },
    onError: (_error, { id, from, to }) =>
      setBoard((board) => (statusOnBoard(board, id) === to ? moveCard(board, id, from) : board)),
    onSettled: (_lead, error) => {
      const others = queryClient.isMutating({ mutationKey: MOVE_KEY }) > 1
      void queryClient.invalidateQueries({
        queryKey: LEADS_KEY,
        predicate: (query) => query.queryKey[1] !== BOARD_KEY[1] || (error !== null && !others),
      })
    },
  })
}
