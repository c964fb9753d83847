import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { LeadDetail, LeadStatus, LeadSummary } from '../../../common/admin-api.ts'
import type { LeadBoard } from '../../../common/board-api.ts'
import { inboxFetch } from './inbox-fetch.ts'
import { useSignedIn } from './session.ts'
import { LEADS_KEY } from './session-key.ts'

/** Kept under LEADS_KEY, so a change made elsewhere in the inbox has the board read again. */
export const BOARD_KEY = [...LEADS_KEY, 'board'] as const
const MOVE_KEY = ['board-move'] as const

export function useLeadBoard() {
  return useQuery({
    queryKey: BOARD_KEY,
    queryFn: () => inboxFetch<LeadBoard>('/leads/board'),
    // Read again when the team comes back to the tab: others move leads too.
    refetchOnWindowFocus: true,
  })
}

/** Where a lead's card is on the board, if it is on it. */
export const statusOnBoard = (board: LeadBoard, id: number): LeadStatus | undefined =>
  board.columns.find((column) => column.leads.some((lead) => lead.id === id))?.status

// Newest first, as the server orders each column: by time, then id.
const isNewer = (a: LeadSummary, b: LeadSummary) => a.receivedAt > b.receivedAt || (a.receivedAt === b.receivedAt && a.id > b.id)

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
    return { columns: board.columns.map((column) => ({ ...column, leads: column.leads.map((lead) => (lead.id === id ? moved : lead)) })) }
  }
  return {
    columns: board.columns.map((column) => {
      if (column.status === from)
        return { ...column, count: Math.max(0, column.count - 1), leads: column.leads.filter((lead) => lead.id !== id) }
      if (column.status !== to) return column
      const at = column.leads.findIndex((lead) => isNewer(moved, lead))
      const leads = at === -1 ? [...column.leads, moved] : [...column.leads.slice(0, at), moved, ...column.leads.slice(at)]
      return { ...column, count: column.count + 1, leads }
    }),
  }
}

const summaryOf = ({ id, receivedAt, answers, source, status, booking }: LeadDetail): LeadSummary => ({
  id,
  receivedAt,
  answers,
  source,
  status,
  booking,
})

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
 * move the board is not read again: a card moved into a column among older
 * leads would drop out of its newest few and seem lost. Lists and lead pages
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
    mutationFn: ({ id, to }: BoardMove) => inboxFetch<LeadDetail>(`/leads/${id}`, { method: 'PATCH', body: { status: to }, csrfToken }),
    onMutate: async ({ id, to }) => {
      // A read under way would answer the board as it was.
      await queryClient.cancelQueries({ queryKey: BOARD_KEY })
      setBoard((board) => moveCard(board, id, to))
    },
    onSuccess: (lead) => setBoard((board) => moveCard(board, lead.id, lead.status, summaryOf(lead))),
    onError: (_error, { id, from, to }) => setBoard((board) => (statusOnBoard(board, id) === to ? moveCard(board, id, from) : board)),
    onSettled: (_lead, error) => {
      const others = queryClient.isMutating({ mutationKey: MOVE_KEY }) > 1
      void queryClient.invalidateQueries({
        queryKey: LEADS_KEY,
        predicate: (query) => query.queryKey[1] !== BOARD_KEY[1] || (error !== null && !others),
      })
    },
  })
}
