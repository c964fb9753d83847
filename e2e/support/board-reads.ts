import type { Page, Route } from '@playwright/test'
import type { LeadBoard } from '../../common/board-api.ts'
import type { LeadStatus } from '../../common/lead-status.ts'
import { expect } from './fixtures.ts'

const BOARD_READS = '**/api/admin/leads/board'

export type BoardCounts = Record<LeadStatus, number>

export const countsOf = (board: LeadBoard) =>
  Object.fromEntries(board.columns.map((column) => [column.status, column.count])) as BoardCounts

/**
 * Watches the board's reads of the server (the page's first and its live
 * reads every few seconds): the last board the server sent it, and a hold.
 * Other tests store and move leads on the same server all the while, so the
 * server's counts are a moving target: a test compares the page with the
 * answer the page itself was given, and holds the reads while it measures a
 * change of its own, so that no one else's lead lands in the middle.
 */
export async function watchBoardReads(page: Page) {
  let served: LeadBoard | undefined
  let asked = 0
  let passing = 0
  let release: (() => void) | undefined
  let released: Promise<void> = Promise.resolve()

  const handle = async (route: Route) => {
    asked++
    await released
    passing++
    try {
      const response = await route.fetch()
      // 304: the page keeps the board it had, which is `served`.
      if (response.status() === 200) served = (await response.json()) as LeadBoard
      await route.fulfill({ response })
    } catch {
      // The page went away, or gave up the read, while it was held.
    } finally {
      passing--
    }
  }
  await page.route(BOARD_READS, handle)

  return {
    /** The counts of the last board the server sent the page. */
    counts(): BoardCounts {
      if (!served) throw new Error('the page has not read the board yet')
      return countsOf(served)
    },
    /** How many reads the page has asked for so far (held ones too). */
    asked: () => asked,
    /**
     * Holds every read asked for from now on, and waits for the first of them
     * (the next live read, within seconds) and for every read asked before it
     * to be answered: then `counts()` is what the page was last given, and
     * stays so until release.
     */
    async hold() {
      released = new Promise((resolve) => (release = resolve))
      const before = asked
      await expect.poll(() => asked > before && passing === 0).toBe(true)
    },
    /** Lets the held reads, and those to come, through to the server. */
    release() {
      release?.()
      released = Promise.resolve()
    },
  }
}
