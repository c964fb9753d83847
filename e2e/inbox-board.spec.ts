import type { APIRequestContext, Locator, Page } from '@playwright/test'
import type { Attribution } from '../common/attribution.ts'
import type { LeadDetail } from '../common/lead-page-api.ts'
import { LEAD_STATUSES, type LeadStatus } from '../common/lead-status.ts'
import { calendlyDelivery } from '../server/testing/booking-senders.ts'
import { uniqueAnswers } from './support/application.ts'
import { watchBoardReads, type BoardCounts } from './support/board-reads.ts'
import { CALENDLY_SIGNING_KEY } from './support/env.ts'
import { expect, test } from './support/fixtures.ts'
import { callInboxApi, seriousViolations, signIn, storeLead, goToView } from './support/inbox.ts'

const LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  booked: 'Booked',
  to_chase: 'To chase',
  showed: 'Showed',
  won: 'Won',
  lost: 'Lost',
}

const column = (page: Page, status: LeadStatus) => page.getByRole('region', { name: LABELS[status], exact: true })
const card = (page: Page, status: LeadStatus, name: string) =>
  column(page, status).getByRole('article', { name, exact: true })
const handle = (page: Page, status: LeadStatus, name: string) =>
  card(page, status, name).getByRole('button', { name: `Move ${name}` })
const lastMove = (page: Page) => page.getByRole('region', { name: 'Last move' })
/** What dnd-kit says to a screen reader: its own live region. */
const announcement = (page: Page) => page.locator('[id^="DndLiveRegion-"]')

/** The count each column shows in its heading ("New: 1,204 leads" to a screen reader). */
async function shownCounts(page: Page): Promise<BoardCounts> {
  const counts = {} as BoardCounts
  for (const status of LEAD_STATUSES) {
    const heading = await column(page, status).getByRole('heading', { level: 2 }).textContent()
    counts[status] = Number(heading?.replace(/\D/g, ''))
  }
  return counts
}

const statusOnServer = async (page: Page, id: number) =>
  ((await callInboxApi(page, 'GET', `/leads/${id}`)).body as LeadDetail).status

const changed = (counts: BoardCounts, from: LeadStatus, to: LeadStatus) => ({
  ...counts,
  [from]: counts[from] - 1,
  [to]: counts[to] + 1,
})

/** This test's leads: named after a tag of their own, so other tests' leads on the same server never match. */
function namedAnswers(first: string) {
  const answers = uniqueAnswers()
  return { ...answers, name: `${first} ${answers.name.split(' ').at(-1)}` }
}

/** Drags by mouse from the middle of `from` to the part of `to` in view, at the same height. */
async function dragByMouse(page: Page, from: Locator, to: Locator) {
  const start = await from.boundingBox()
  const target = await to.boundingBox()
  const viewport = page.viewportSize()
  if (!start || !target || !viewport) throw new Error('the card or the column is not on screen')
  const [x, y] = [start.x + start.width / 2, start.y + start.height / 2]
  await page.mouse.move(x, y)
  await page.mouse.down()
  // Past the few pixels that tell a drag from a click.
  await page.mouse.move(x + 12, y, { steps: 3 })
  const right = Math.min(target.x + target.width, viewport.width)
  await page.mouse.move((Math.max(target.x, 0) + right) / 2, y, { steps: 12 })
  await page.mouse.up()
}

/**
 * Picks the card up by keyboard and moves it one column right, waiting for
 * each step's announcement. The keyboard sensor listens for the arrow keys
 * from the task after the pick-up, so an arrow pressed at once may go
 * unheard: it is pressed again while the card is still where it was picked up.
 */
async function pickUpAndMoveRight(page: Page, status: LeadStatus, name: string, next: LeadStatus) {
  await handle(page, status, name).focus()
  await page.keyboard.press('Space')
  const pickedUp = `Picked up ${name}, in ${LABELS[status]}.`
  await expect(announcement(page)).toHaveText(pickedUp)
  await expect(async () => {
    if ((await announcement(page).textContent()) === pickedUp) await page.keyboard.press('ArrowRight')
    await expect(announcement(page)).toHaveText(`${name} is over ${LABELS[next]}.`, { timeout: 3_000 })
  }).toPass({ timeout: 10_000 })
}

/**
 * Drags by finger from the middle of `from` to the part of `to` in view: a
 * press held still a moment picks the card up (a swipe would scroll). Chromium's
 * own touch events, sent over the DevTools protocol.
 */
async function dragByTouch(page: Page, from: Locator, to: Locator) {
  const start = await from.boundingBox()
  const target = await to.boundingBox()
  const viewport = page.viewportSize()
  if (!start || !target || !viewport) throw new Error('the card or the column is not on screen')
  const [x, y] = [start.x + start.width / 2, start.y + start.height / 2]
  const endX = (Math.max(target.x, 0) + Math.min(target.x + target.width, viewport.width)) / 2
  const touch = await page.context().newCDPSession(page)
  const at = (pointX: number) => [{ x: pointX, y, id: 1 }]
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(x) })
  // Held still until the card is picked up: a move before would be a swipe.
  await expect(announcement(page)).toHaveText(/^Picked up /)
  for (let step = 1; step <= 10; step++) {
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(x + ((endX - x) * step) / 10) })
    await page.waitForTimeout(16)
  }
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await touch.detach()
}

const VIEWPORTS = [
  { device: 'a laptop', width: 1366, height: 900 },
  { device: 'a phone', width: 390, height: 844 },
]

/**
 * Stores a lead of this test's own and gives it `status`, through the inbox's
 * API (signed in). Other tests add new leads by the dozen, which would push
 * this one out of the newest shown in New: the leads moved here start in
 * Won, which they leave alone.
 */
async function leadIn(
  page: Page,
  request: APIRequestContext,
  first: string,
  status: LeadStatus,
  attribution?: Attribution,
) {
  const answers = namedAnswers(first)
  const id = await storeLead(request, answers, attribution)
  if (status !== 'new') expect((await callInboxApi(page, 'PATCH', `/leads/${id}`, { status })).status).toBe(200)
  return { ...answers, id }
}

/** Opens the board from the inbox's navigation. */
async function openBoard(page: Page) {
  await goToView(page, 'Board')
  await expect(page).toHaveURL(/\/admin\/board$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Board' })).toBeVisible()
  for (const status of LEAD_STATUSES) await expect(column(page, status)).toBeVisible()
}

for (const { device, width, height } of VIEWPORTS) {
  const phone = width < 640
  test.describe(`the pipeline board on ${device} (${width}×${height})`, () => {
    test.use({ viewport: { width, height } })

    test('shows a column per status with the count of its leads, the newest cards with their facts, and no spam', async ({
      page,
      request,
      browserConsole,
    }) => {
      await signIn(page, browserConsole)
      const zoe = await leadIn(page, request, 'Zoë', 'lost', {
        last_touch: { utm_source: 'ig', captured_at: new Date().toISOString() },
      })
      const ada = await leadIn(page, request, 'Ada', 'won')
      const grace = await leadIn(page, request, 'Grace', 'new')
      const spam = namedAnswers('Spammy')
      await storeLead(request, { ...spam, _gotcha: 'https://spam.example' } as typeof spam)
      // Grace books a call: the stand-in Calendly sends the booking back with her application's id.
      const { submissionId } = (await callInboxApi(page, 'GET', `/leads/${grace.id}`)).body as LeadDetail
      const start = new Date(Date.now() + 3 * 86_400_000)
      start.setUTCHours(14, 30, 0, 0)
      const booking = calendlyDelivery(
        'invitee.created',
        { salesforceUuid: submissionId, email: grace.email, startTime: start.toISOString() },
        { key: CALENDLY_SIGNING_KEY },
      )
      expect(
        (await request.post('/api/bookings/calendly', { headers: booking.headers, data: booking.body })).status(),
      ).toBe(200)

      const reads = await watchBoardReads(page)
      await openBoard(page)
      await expect(card(page, 'lost', zoe.name)).toBeVisible()
      await expect(card(page, 'won', ada.name)).toBeVisible()
      await expect(card(page, 'booked', grace.name)).toBeVisible()
      await expect(page.getByRole('article', { name: spam.name })).toHaveCount(0)

      const zoeCard = card(page, 'lost', zoe.name)
      await expect(zoeCard.getByRole('link', { name: zoe.name })).toHaveAttribute('href', `/admin/leads/${zoe.id}`)
      await expect(zoeCard.locator('dt')).toHaveText(['Source', 'Budget', 'Received'])
      await expect(zoeCard.locator('dd').nth(0)).toHaveText('Instagram')
      await expect(zoeCard.locator('dd').nth(1)).toHaveText(zoe.budget)
      const age = zoeCard.locator('time')
      await expect(age).toHaveText(/^(just now|\d+ min ago)$/)
      await expect(age).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/)
      await expect(age).toHaveAttribute('title', /\d/)
      const graceCard = card(page, 'booked', grace.name)
      await expect(graceCard.locator('dt').nth(3)).toHaveText('Call')
      await expect(graceCard.locator('dd').nth(3).locator('time')).toHaveAttribute(
        'datetime',
        `${start.toISOString().slice(0, 19)}.000000Z`,
      )
      await expect(graceCard.locator('dd').nth(3)).toHaveText(/\d:\d\d/)

      // Each count is every lead of its status (spam left out), as the server counted them in its
      // last answer to the page. Other tests store leads meanwhile, and the page reads the board
      // again every few seconds: it is compared with the answer it was given, until a read lands between.
      await expect(async () => expect(await shownCounts(page)).toEqual(reads.counts())).toPass()
      const counts = await shownCounts(page)
      for (const status of ['lost', 'won', 'booked'] as const) expect(counts[status]).toBeGreaterThanOrEqual(1)

      // Nothing is wider than the screen, and no column is wider than what it holds.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      for (const status of LEAD_STATUSES)
        expect(await column(page, status).evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
      if (phone) {
        // A phone shows one column whole, and a scroll stops at the next one, whole too.
        const within = async (status: LeadStatus) => {
          const box = await column(page, status).boundingBox()
          return box !== null && box.x >= 0 && box.x + box.width <= width
        }
        expect(await within('new')).toBe(true)
        await column(page, 'new')
          .locator('..')
          .evaluate((board) => board.scrollBy({ left: 120, behavior: 'instant' }))
        await expect.poll(() => within('contacted')).toBe(true)
        await expect(column(page, 'new')).not.toBeInViewport({ ratio: 0.5 })
      }

      expect(await seriousViolations(page)).toEqual([])
    })

    test('moves a card by keyboard and by mouse, counts following, the server told, and Undo puts it back', async ({
      page,
      request,
      browserConsole,
    }) => {
      await signIn(page, browserConsole)
      const zoe = await leadIn(page, request, 'Zoë', 'won')
      const ada = await leadIn(page, request, 'Ada', 'won')
      const reads = await watchBoardReads(page)
      await openBoard(page)
      await expect(card(page, 'won', zoe.name)).toBeVisible()
      await expect(card(page, 'won', ada.name)).toBeVisible()
      // Other tests' leads come in with the board's live reads: none lands while the counts are compared.
      await reads.hold()
      const before = reads.counts()
      await expect.poll(() => shownCounts(page)).toEqual(before)

      // By keyboard: the handle, Space to pick up, → to the next column, Space to drop.
      await pickUpAndMoveRight(page, 'won', zoe.name, 'lost')
      await page.keyboard.press('Space')
      await expect(announcement(page)).toHaveText(`Moved ${zoe.name} to Lost.`)
      await expect(card(page, 'lost', zoe.name)).toBeVisible()
      await expect(card(page, 'won', zoe.name)).toHaveCount(0)
      await expect(handle(page, 'lost', zoe.name)).toBeFocused()
      expect(await shownCounts(page)).toEqual(changed(before, 'won', 'lost'))
      await expect.poll(() => statusOnServer(page, zoe.id)).toBe('lost')
      await expect(lastMove(page)).toContainText(`Moved ${zoe.name} to Lost.`)
      expect(await seriousViolations(page)).toEqual([])

      await lastMove(page)
        .getByRole('button', { name: `Undo: move ${zoe.name} back to Won` })
        .click()
      await expect(lastMove(page)).toContainText(`${zoe.name} is back in Won.`)
      await expect(card(page, 'won', zoe.name)).toBeVisible()
      await expect(card(page, 'lost', zoe.name)).toHaveCount(0)
      await expect(handle(page, 'won', zoe.name)).toBeFocused()
      expect(await shownCounts(page)).toEqual(before)
      await expect.poll(() => statusOnServer(page, zoe.id)).toBe('won')

      // By mouse: to the next column on a phone, which shows one at a time; two columns over on a laptop, which
      // shows four of the seven (the board scrolls there too since To chase and Showed joined it, ADR 040).
      const target: LeadStatus = phone ? 'lost' : 'to_chase'
      await handle(page, 'won', ada.name).scrollIntoViewIfNeeded()
      await dragByMouse(page, handle(page, 'won', ada.name), column(page, target))
      await expect(card(page, target, ada.name)).toBeVisible()
      await expect(card(page, 'won', ada.name)).toHaveCount(0)
      await expect(announcement(page)).toHaveText(`Moved ${ada.name} to ${LABELS[target]}.`)
      expect(await shownCounts(page)).toEqual(changed(before, 'won', target))
      await expect.poll(() => statusOnServer(page, ada.id)).toBe(target)
      expect((await callInboxApi(page, 'GET', `/leads/${ada.id}`)).body).toMatchObject({
        history: [
          { from: 'new', to: 'won' },
          { from: 'won', to: target },
        ],
      })

      await lastMove(page).getByRole('button', { name: /^Undo/ }).click()
      await expect(card(page, 'won', ada.name)).toBeVisible()
      expect(await shownCounts(page)).toEqual(before)
      await expect.poll(() => statusOnServer(page, ada.id)).toBe('won')
      await lastMove(page).getByRole('button', { name: 'Dismiss' }).click()
      await expect(lastMove(page)).toHaveCount(0)

      // The live reads go on: the page shows the server's counts again, the cards where they were left.
      reads.release()
      await expect(async () => expect(await shownCounts(page)).toEqual(reads.counts())).toPass()
      await expect(card(page, 'won', ada.name)).toBeVisible()
      await expect(card(page, 'won', zoe.name)).toBeVisible()
    })

    if (phone)
      test.describe('with a touch screen', () => {
        test.use({ hasTouch: true })

        test('moves a card by touch: a press and hold on the handle, then a drag', async ({
          page,
          request,
          browserConsole,
        }) => {
          await signIn(page, browserConsole)
          const zoe = await leadIn(page, request, 'Zoë', 'won')
          const reads = await watchBoardReads(page)
          await openBoard(page)
          await expect(card(page, 'won', zoe.name)).toBeVisible()
          await reads.hold()
          const before = reads.counts()
          await expect.poll(() => shownCounts(page)).toEqual(before)

          await handle(page, 'won', zoe.name).scrollIntoViewIfNeeded()
          await dragByTouch(page, handle(page, 'won', zoe.name), column(page, 'lost'))
          await expect(card(page, 'lost', zoe.name)).toBeVisible()
          await expect(announcement(page)).toHaveText(`Moved ${zoe.name} to Lost.`)
          expect(await shownCounts(page)).toEqual(changed(before, 'won', 'lost'))
          await expect.poll(() => statusOnServer(page, zoe.id)).toBe('lost')
          reads.release()
        })
      })

    test('a move the server refuses goes back, saying so', async ({ page, request, browserConsole }) => {
      await signIn(page, browserConsole)
      const zoe = await leadIn(page, request, 'Zoë', 'won')
      const reads = await watchBoardReads(page)
      await openBoard(page)
      await expect(card(page, 'won', zoe.name)).toBeVisible()
      // After a refusal the board is read again: held, like every read from here, so that
      // other tests' leads cannot move its counts meanwhile.
      await reads.hold()
      const before = reads.counts()
      await expect.poll(() => shownCounts(page)).toEqual(before)

      browserConsole.expectError(/status of 409/)
      await page.route(`**/api/admin/leads/${zoe.id}`, (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({ status: 409, json: { statusCode: 409, error: 'Conflict', message: 'refused' } })
          : route.fallback(),
      )
      await pickUpAndMoveRight(page, 'won', zoe.name, 'lost')
      // No live read while a card is in the hand or its move is on its way: a read asked from now on follows the refusal.
      const asked = reads.asked()
      await page.keyboard.press('Space')

      await expect(lastMove(page).getByRole('alert')).toHaveText(
        `${zoe.name} could not be moved to Lost: the server refused. It is back in Won.`,
      )
      await expect(card(page, 'won', zoe.name)).toBeVisible()
      await expect(card(page, 'lost', zoe.name)).toHaveCount(0)
      await expect(handle(page, 'won', zoe.name)).toBeFocused()
      await expect(lastMove(page).getByRole('button', { name: /^Undo/ })).toHaveCount(0)
      expect(await statusOnServer(page, zoe.id)).toBe('won')
      expect(await shownCounts(page)).toEqual(before)
      await expect.poll(() => reads.asked()).toBeGreaterThan(asked)
      expect(await shownCounts(page)).toEqual(before)

      // Read, the board has the card where the server keeps it.
      reads.release()
      await expect(async () => expect(await shownCounts(page)).toEqual(reads.counts())).toPass()
      await expect(card(page, 'won', zoe.name)).toBeVisible()
    })
  })
}
