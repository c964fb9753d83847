import type { Browser, Page } from '@playwright/test'
import { ADMIN_API_PATH } from '../common/admin-api.ts'
import type { LeadDetail } from '../common/lead-page-api.ts'
import { LIVE_POLL_MS, NEW_COUNT_CAP, type NewLeadCount } from '../common/live-api.ts'
import { liveCopy } from '../src/inbox/content/live-copy.ts'
import { uniqueAnswers } from './support/application.ts'
import { BASE_URL } from './support/env.ts'
import { expect, test, type BrowserConsole } from './support/fixtures.ts'
import {
  inboxNav,
  navMenuButton,
  callInboxApi,
  seriousViolations,
  signIn,
  storeLead,
  goToView,
} from './support/inbox.ts'
import { freshTeammate } from './support/teammate.ts'

// What a teammate does, or a visitor applying, shows in an open inbox without a
// reload; a tab in the background asks the server nothing. The 5 s promised
// follows from reading every LIVE_POLL_MS (3 s); here the wait is a few of
// those, as a busy machine may answer a read late: what is held is that the
// page changes by itself, not how fast (speed is for the benchmarks).
const LIVE = { timeout: 5 * LIVE_POLL_MS }

const VIEWPORTS = [
  { device: 'a laptop', width: 1366, height: 900 },
  { device: 'a phone', width: 390, height: 844 },
] as const

// Hidden ones too: on a phone the links are folded behind the menu button until it is opened.
const leadsLink = (page: Page) => inboxNav(page).getByRole('link', { name: /^Leads/, includeHidden: true })
/** The count of new leads the nav gives the Leads link's name ("Leads, 3 new"); 0 when it names none. */
async function navCount(page: Page): Promise<number> {
  const name = (await leadsLink(page).getAttribute('aria-label')) ?? ''
  if (/^Leads, more than \d+ new$/.test(name)) return NEW_COUNT_CAP
  return Number(/^Leads, (\d+) new$/.exec(name)?.[1] ?? 0)
}

/** Records in the page each count of new leads the server answers, with when (the page's clock) it was asked. */
const recordNewCounts = (page: Page) =>
  page.addInitScript((path) => {
    const counts: { askedAt: number; count: number }[] = []
    Object.assign(window, { newCounts: counts })
    const send = window.fetch.bind(window)
    window.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href)
      const askedAt = Date.now()
      const response = await send(input, init)
      if (url.pathname === path && response.ok) {
        counts.push({ askedAt, count: ((await response.clone().json()) as NewLeadCount).count })
      }
      return response
    }
  }, `${ADMIN_API_PATH}/leads/new-count`)
const pageClock = (page: Page) => page.evaluate(() => Date.now())

/**
 * Whether the nav shows what the server last answered, from a read asked after `since`. While a lead is
 * stored, teammates in other tests touch theirs (which ends "new" for everyone), so the count need not
 * rise: what is held is that the nav takes the server's count by itself, once the lead is in it.
 */
async function navShowsCountSince(page: Page, since: number) {
  const counts = await page.evaluate(
    () => (window as unknown as { newCounts: { askedAt: number; count: number }[] }).newCounts,
  )
  const latest = counts.at(-1)
  if (latest === undefined || latest.askedAt < since) return 'no read since'
  return (await navCount(page)) === latest.count ? 'shown' : `nav ${await navCount(page)}, server ${latest.count}`
}

/** A lead's name where the screen shows it: a link in the list's row or card, or on its board card. */
const leadName = (page: Page, name: string) => page.getByRole('link', { name, exact: true })
/** Where the lead's "New" marker would be: its row (table) or its card (phone list, board). */
const leadEntry = (page: Page, name: string) =>
  page
    .locator('tr, article')
    .filter({ has: leadName(page, name) })
    .filter({ visible: true })
const newMark = (page: Page, name: string) =>
  leadEntry(page, name).getByText('New: not opened by you yet', { exact: true })

const boardColumn = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true })

async function openBoard(page: Page) {
  await goToView(page, 'Board')
  await expect(page.getByRole('heading', { level: 1, name: 'Board' })).toBeVisible()
}

/** A second browser signed in to the inbox: a teammate's, sharing nothing with the first. */
async function secondBrowser(browser: Browser, browserConsole: BrowserConsole) {
  const context = await browser.newContext({ baseURL: BASE_URL })
  const page = await context.newPage()
  await signIn(page, browserConsole)
  return { context, page }
}

/** Says to the page that its tab went to the background (`hidden`) or came back, as the browser would. */
async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((hide) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hide ? 'hidden' : 'visible') })
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hide })
    document.dispatchEvent(new Event('visibilitychange'))
  }, hidden)
}

/**
 * Records in the page each read of the leads' API as it is asked for, with
 * whether the tab was hidden then: known in the page itself, not from when
 * the request's report reaches the test, which a busy machine may delay.
 */
const recordLeadsReads = (page: Page) =>
  page.addInitScript((path) => {
    const reads: { hidden: boolean }[] = []
    Object.assign(window, { leadsReads: reads })
    const send = window.fetch.bind(window)
    window.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href)
      if (url.pathname.startsWith(path)) reads.push({ hidden: document.visibilityState === 'hidden' })
      return send(input, init)
    }
  }, `${ADMIN_API_PATH}/leads`)
const leadsReads = (page: Page) =>
  page.evaluate(() => (window as unknown as { leadsReads: { hidden: boolean }[] }).leadsReads)

for (const { device, width, height } of VIEWPORTS) {
  test.describe(`the live inbox on ${device} (${width}×${height})`, () => {
    test.use({ viewport: { width, height } })

    test('shows a lead posted elsewhere without a reload in the list and on the board, marked New, counts it in the nav, and opening it clears the mark', async ({
      page: owner,
      request,
      browser,
      browserConsole,
    }) => {
      await signIn(owner, browserConsole)
      const { page, remove } = await freshTeammate(browser, owner, { width, height }, recordNewCounts)
      try {
        await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
        const inList = uniqueAnswers()
        const storing = await pageClock(page)
        const inListId = await storeLead(request, inList)
        await expect(leadName(page, inList.name)).toBeVisible(LIVE)
        await expect(newMark(page, inList.name)).toBeVisible()
        expect(((await callInboxApi(page, 'GET', `/leads/${inListId}`)).body as LeadDetail).isNew).toBe(true)
        await expect.poll(() => navShowsCountSince(page, storing), LIVE).toBe('shown')
        expect(await navCount(page)).toBeGreaterThan(0)
        // "Leads 3" on screen; "Leads, 3 new" to a screen reader. Other tests' leads raise the
        // count too: both are read again, together, until no live read landed between them.
        // On a phone the link is read with the menu unfolded, as a person would see it.
        const menu = navMenuButton(page)
        const folded = await menu.isVisible()
        if (folded) await menu.click()
        await expect(async () => {
          const count = await navCount(page)
          expect(await leadsLink(page).textContent()).toBe(`Leads${liveCopy.navCount(count)}`)
          await expect(leadsLink(page)).toHaveAccessibleName(`Leads${liveCopy.navCountSpoken(count)}`, {
            timeout: 1_000,
          })
        }).toPass()
        if (folded) {
          await page.keyboard.press('Escape')
          await expect(menu).toHaveAttribute('aria-expanded', 'false')
        }
        expect(await seriousViolations(page)).toEqual([])

        await openBoard(page)
        const onBoard = uniqueAnswers()
        const storingAgain = await pageClock(page)
        const id = await storeLead(request, onBoard)
        await expect(boardColumn(page, 'New').getByRole('link', { name: onBoard.name, exact: true })).toBeVisible(LIVE)
        await expect(newMark(page, onBoard.name)).toBeVisible()
        expect(((await callInboxApi(page, 'GET', `/leads/${id}`)).body as LeadDetail).isNew).toBe(true)
        await expect.poll(() => navShowsCountSince(page, storingAgain), LIVE).toBe('shown')
        expect(await seriousViolations(page)).toEqual([])

        // Opening the lead's page is what ends its mark, for this account only. It is found by search:
        // other tests' leads may have pushed it out of New's newest cards since it showed there.
        await goToView(page, 'Leads')
        await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
        // On a phone the search sits behind the Filters button.
        const filters = page.getByRole('button', { name: /^Filters/, expanded: false })
        if (await filters.isVisible()) await filters.click()
        const search = page.getByRole('searchbox', { name: 'Search' })
        await search.fill(onBoard.name)
        await search.press('Enter')
        await leadName(page, onBoard.name).click()
        await expect(page.getByRole('heading', { level: 1, name: onBoard.name })).toBeVisible()
        await expect
          .poll(async () => ((await callInboxApi(page, 'GET', `/leads/${id}`)).body as LeadDetail).isNew)
          .toBe(false)
        expect(((await callInboxApi(owner, 'GET', `/leads/${id}`)).body as LeadDetail).isNew).toBe(true)
        expect(await seriousViolations(page)).toEqual([])
        // The owner moves it to Won, where other tests' leads seldom go: New shows only its newest
        // leads, which other tests may have filled meanwhile. A move is someone working the lead: it
        // is new to nobody now, the owner included, and the teammate's mark is gone on the board too.
        expect((await callInboxApi(owner, 'PATCH', `/leads/${id}`, { status: 'won' })).status).toBe(200)
        expect(((await callInboxApi(owner, 'GET', `/leads/${id}`)).body as LeadDetail).isNew).toBe(false)
        await openBoard(page)
        await expect(boardColumn(page, 'Won').getByRole('link', { name: onBoard.name, exact: true })).toBeVisible()
        await expect(newMark(page, onBoard.name)).toHaveCount(0)
      } finally {
        await remove()
      }
    })

    test('shows a teammate’s changes without a reload: a status on the board and in a filtered list, a note on the lead’s page', async ({
      page,
      request,
      browser,
      browserConsole,
    }) => {
      // Won and lost, where other tests' leads seldom go: this lead stays among each column's newest.
      const answers = uniqueAnswers()
      const id = await storeLead(request, answers)
      await signIn(page, browserConsole)
      const teammate = await secondBrowser(browser, browserConsole)
      try {
        expect((await callInboxApi(teammate.page, 'PATCH', `/leads/${id}`, { status: 'won' })).status).toBe(200)
        await openBoard(page)
        await expect(boardColumn(page, 'Won').getByRole('link', { name: answers.name, exact: true })).toBeVisible()

        expect((await callInboxApi(teammate.page, 'PATCH', `/leads/${id}`, { status: 'lost' })).status).toBe(200)
        await expect(boardColumn(page, 'Lost').getByRole('link', { name: answers.name, exact: true })).toBeVisible(LIVE)
        await expect(boardColumn(page, 'Won').getByRole('link', { name: answers.name, exact: true })).toHaveCount(0)

        await page.goto('/admin?status=lost')
        await expect(leadName(page, answers.name)).toBeVisible()
        expect((await callInboxApi(teammate.page, 'PATCH', `/leads/${id}`, { status: 'contacted' })).status).toBe(200)
        await expect(leadName(page, answers.name)).toHaveCount(0, LIVE)

        // On the lead's page, a teammate's note shows while a note of one's own is being typed, which keeps its text and the focus.
        await page.goto(`/admin/leads/${id}`)
        await expect(page.getByRole('heading', { level: 1, name: answers.name })).toBeVisible()
        const draft = page.getByLabel('New note')
        await draft.fill('Half a thought')
        const theirs = `Called them back ${Date.now()}`
        expect((await callInboxApi(teammate.page, 'POST', `/leads/${id}/notes`, { body: theirs })).status).toBe(201)
        await expect(page.getByText(theirs)).toBeVisible(LIVE)
        await expect(draft).toBeFocused()
        await expect(draft).toHaveValue('Half a thought')
        expect(await seriousViolations(page)).toEqual([])
      } finally {
        await teammate.context.close()
      }
    })

    test('asks the server nothing while its tab is in the background, and reads again when it comes back', async ({
      page,
      request,
      browserConsole,
    }) => {
      await recordLeadsReads(page)
      await signIn(page, browserConsole)
      await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
      await expect.poll(async () => (await leadsReads(page)).length, LIVE).toBeGreaterThan(0)

      await setHidden(page, true)
      const posted = uniqueAnswers()
      await storeLead(request, posted)
      // Nothing to wait for: what is held is that nothing happens, over more than two reads' time.
      await page.waitForTimeout(8_000)
      expect((await leadsReads(page)).filter((read) => read.hidden)).toEqual([])
      await expect(leadName(page, posted.name)).toHaveCount(0)
      const whileHidden = (await leadsReads(page)).length

      await setHidden(page, false)
      await expect(leadName(page, posted.name)).toBeVisible(LIVE)
      expect((await leadsReads(page)).length).toBeGreaterThan(whileHidden)
    })
  })
}
