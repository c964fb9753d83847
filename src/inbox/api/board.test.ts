import type { LeadBoard } from '../../../common/board-api.ts'
import type { LeadSummary } from '../../../common/lead-list-api.ts'
import { LEAD_STATUSES, type LeadStatus } from '../../../common/lead-status.ts'
import { keepMovedCards, moveCard, statusOnBoard } from './board.ts'

const lead = (id: number, status: LeadStatus, receivedAt: string): LeadSummary => ({
  id,
  receivedAt,
  answers: { name: `Lead ${id}` } as LeadSummary['answers'],
  source: null,
  status,
  booking: null,
  statusReason: null,
  needsOutcome: false,
  owner: null,
  isNew: false,
  appliedAgain: false,
})

/** Two new leads, one contacted, and more contacted ones than the board carries. */
const board = (): LeadBoard => ({
  columns: LEAD_STATUSES.map((status) => ({
    status,
    count: { new: 2, contacted: 40, booked: 0, to_chase: 0, showed: 0, won: 0, lost: 0 }[status],
    leads:
      status === 'new'
        ? [lead(3, 'new', '2026-11-27T10:00:00.000000Z'), lead(1, 'new', '2026-11-20T10:00:00.000000Z')]
        : status === 'contacted'
          ? [lead(4, 'contacted', '2026-11-26T10:00:00.000000Z'), lead(2, 'contacted', '2026-11-21T10:00:00.000000Z')]
          : [],
  })),
})

const ids = (value: LeadBoard, status: LeadStatus) =>
  value.columns.find((column) => column.status === status)?.leads.map((card) => card.id)
const counts = (value: LeadBoard) => Object.fromEntries(value.columns.map((column) => [column.status, column.count]))

describe('moving a card on the board', () => {
  it('takes it out of its column and puts it in the other at its place by time, both counts changed by one', () => {
    const moved = moveCard(board(), 3, 'contacted')
    expect(ids(moved, 'new')).toEqual([1])
    expect(ids(moved, 'contacted')).toEqual([3, 4, 2])
    expect(counts(moved)).toMatchObject({ new: 1, contacted: 41 })
    expect(statusOnBoard(moved, 3)).toBe('contacted')
    expect(moved.columns[1]?.leads[0]?.status).toBe('contacted')

    const between = moveCard(board(), 1, 'contacted')
    expect(ids(between, 'contacted')).toEqual([4, 2, 1])
    const empty = moveCard(board(), 2, 'won')
    expect(ids(empty, 'won')).toEqual([2])
    expect(counts(empty)).toMatchObject({ contacted: 39, won: 1 })
  })

  it('puts the newer of two leads received at the same moment first, as the server does', () => {
    const same = board()
    same.columns[0]!.leads[0]!.receivedAt = '2026-11-26T10:00:00.000000Z'
    expect(ids(moveCard(same, 3, 'contacted'), 'contacted')).toEqual([4, 3, 2])
    const newer = board()
    newer.columns[1]!.leads[0] = lead(1, 'contacted', '2026-11-27T10:00:00.000000Z')
    newer.columns[0]!.leads = [lead(5, 'new', '2026-11-27T10:00:00.000000Z')]
    expect(ids(moveCard(newer, 5, 'contacted'), 'contacted')).toEqual([5, 1, 2])
  })

  it('leaves the board as it is for a card it does not carry, or one already there, and back again restores it', () => {
    const before = board()
    expect(moveCard(before, 99, 'won')).toBe(before)
    expect(moveCard(before, 3, 'new')).toBe(before)
    expect(moveCard(moveCard(before, 3, 'lost'), 3, 'new')).toEqual(before)
  })

  it('takes the server’s facts of the card with it, and moves it where the server says it is', () => {
    const answer = {
      ...lead(3, 'won', '2026-11-27T10:00:00.000000Z'),
      booking: { state: 'scheduled' as const, startsAt: '2026-12-01T14:30:00.000000Z' },
    }
    const updated = moveCard(moveCard(board(), 3, 'contacted'), 3, answer.status, answer)
    expect(ids(updated, 'won')).toEqual([3])
    expect(updated.columns[LEAD_STATUSES.indexOf('won')]?.leads[0]).toEqual(answer)
    const inPlace = moveCard(board(), 3, 'new', { ...answer, status: 'new' })
    expect(inPlace.columns[0]?.leads[0]?.booking).toEqual(answer.booking)
    expect(counts(inPlace)).toEqual(counts(board()))
  })
})

describe('reading the board again after a move', () => {
  const now = Date.parse('2026-11-27T12:00:00Z')
  const older = lead(9, 'contacted', '2026-11-01T10:00:00.000000Z')

  it('keeps a card moved lately in its column, at its place by time, when the server’s newest few leave it out', () => {
    const kept = keepMovedCards(board(), [{ card: older, at: now - 5_000 }], now)
    expect(ids(kept, 'contacted')).toEqual([4, 2, 9])
    expect(counts(kept)).toEqual(counts(board()))
  })

  it('leaves the board as the server has it for a card it shows, or one moved more than a minute ago', () => {
    const before = board()
    expect(keepMovedCards(before, [{ card: lead(4, 'contacted', '2026-11-26T10:00:00.000000Z'), at: now }], now)).toBe(
      before,
    )
    expect(keepMovedCards(before, [{ card: older, at: now - 60_000 }], now)).toBe(before)
  })
})
