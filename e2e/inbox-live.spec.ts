import type { Browser, Page, Request } from '@playwright/test'
import type { TeammateAdded } from '../common/account-api.ts'
import { ADMIN_API_PATH, type LeadDetail } from '../common/admin-api.ts'
import { adminNav, callAdminApi, seriousViolations, signIn, storeLead } from './support/admin.ts'
import { uniqueAnswers } from './support/application.ts'
import { BASE_URL } from './support/env.ts'
import { expect, test, type BrowserConsole } from './support/fixtures.ts'

// What a teammate does, or a visitor applying, shows in an open inbox within
// 5 s without a reload; a tab in the background asks the server nothing.
const LIVE = { timeout: 5_000 }

const VIEWPORTS = [
  { device: 'a laptop', width: 1366, height: 900 },
  { device: 'a phone', width: 390, height: 844 },
] as const

const leadsLink = (page: Page) => adminNav(page).getByRole('link', { name: /^Leads/ })
/** The count of new leads the nav gives the Leads link's name ("Leads, 3 new"); 0 when it names none. */
async function navCount(page: Page): Promise<number> {
  const name = (await leadsLink(page).getAttribute('aria-label')) ?? ''
  return Number(/^Leads, (\d+) new$/.exec(name)?.[1] ?? 0)
}

/** A lead's name where the screen shows it: a link in the list's row or card, or on its board card. */
const leadName = (page: Page, name: string) => page.getByRole('link', { name, exact: true })
/** Where the lead's "New" marker would be: its row (table) or its card (phone list, board). */
const leadEntry = (page: Page, name: string) =>
  page
    .locator('tr, article')
    .filter({ has: leadName(page, name) })
    .filter({ visible: true })
const newMark = (page: Page, name: string) => leadEntry(page, name).getByText('New: not opened by you yet', { exact: true })

const boardColumn = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true })

async function openBoard(page: Page) {
  await adminNav(page).getByRole('link', { name: 'Board' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Board' })).toBeVisible()
}

/** A second browser signed in to the inbox: a teammate's, sharing nothing with the first. */
async function secondBrowser(browser: Browser, browserConsole: BrowserConsole) {
  const context = await browser.newContext({ baseURL: BASE_URL })
  const page = await context.newPage()
  await signIn(page, browserConsole)
  return { context, page }
}

/**
 * A teammate the owner (signed in on `owner`) adds, signed in in a browser of
 * their own. Their count of new leads only grows with leads posted after they
 * were added, and drops only by what they open, whatever other tests do.
 */
async function freshTeammate(browser: Browser, owner: Page, viewport: { width: number; height: number }) {
  const added = await callAdminApi(owner, 'POST', '/teammates', {
    email: `live-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
  })
  expect(added.status).toBe(201)
  const { teammate, setupToken } = added.body as TeammateAdded
  const context = await browser.newContext({ viewport, baseURL: BASE_URL })
  const page = await context.newPage()
  await page.goto(`/admin/setup#${setupToken}`)
  await page.getByLabel('Password', { exact: true }).fill('a live teammate’s long password')
  await page.getByLabel('Password again').fill('a live teammate’s long password')
  await page.getByRole('button', { name: 'Set password' }).click()
  await expect(adminNav(page)).toBeVisible()
  return {
    page,
    /** Closes their browser and removes the account. */
    remove: async () => {
      await context.close()
      expect((await callAdminApi(owner, 'DELETE', `/teammates/${teammate.id}`)).status).toBe(204)
    },
  }
}

/** Says to the page that its tab went to the background (`hidden`) or came back, as the browser would. */
async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((hide) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hide ? 'hidden' : 'visible') })
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hide })
    document.dispatchEvent(new Event('visibilitychange'))
  }, hidden)
}

const isLeadsRequest = (request: Request) => new URL(request.url()).pathname.startsWith(`${ADMIN_API_PATH}/leads`)

for (const { device, width, height } of VIEWPORTS) {
  test.describe(`the live inbox on ${device} (${width}×${height})`, () => {
    test.use({ viewport: { width, height } })

    test('shows a lead posted elsewhere within 5 s in the list and on the board, marked New, counts it in the nav, and opening it clears the mark', async ({
      page: owner,
      request,
      browser,
      browserConsole,
    }) => {
      await signIn(owner, browserConsole)
      const { page, remove } = await freshTeammate(browser, owner, { width, height })
      try {
        await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
        const before = await navCount(page)

        const inList = uniqueAnswers()
        await storeLead(request, inList)
        await expect(leadName(page, inList.name)).toBeVisible(LIVE)
        await expect(newMark(page, inList.name)).toBeVisible()
        await expect.poll(() => navCount(page), LIVE).toBeGreaterThan(before)
        // "Leads 3" on screen; "Leads, 3 new" to a screen reader.
        const count = await navCount(page)
        await expect(leadsLink(page)).toHaveAccessibleName(`Leads, ${count} new`)
        await expect(leadsLink(page)).toHaveText(`Leads${count}`)
        expect(await seriousViolations(page)).toEqual([])

        await openBoard(page)
        const counted = await navCount(page)
        const onBoard = uniqueAnswers()
        const id = await storeLead(request, onBoard)
        await expect(boardColumn(page, 'New').getByRole('link', { name: onBoard.name, exact: true })).toBeVisible(LIVE)
        await expect(newMark(page, onBoard.name)).toBeVisible()
        await expect.poll(() => navCount(page), LIVE).toBeGreaterThan(counted)
        expect(await seriousViolations(page)).toEqual([])

        // Opening the lead's page is what ends its mark, for this account only.
        await leadName(page, onBoard.name).click()
        await expect(page.getByRole('heading', { level: 1, name: onBoard.name })).toBeVisible()
        await expect.poll(async () => ((await callAdminApi(page, 'GET', `/leads/${id}`)).body as LeadDetail).isNew).toBe(false)
        expect(((await callAdminApi(owner, 'GET', `/leads/${id}`)).body as LeadDetail).isNew).toBe(true)
        expect(await seriousViolations(page)).toEqual([])
        await openBoard(page)
        await expect(leadName(page, onBoard.name)).toBeVisible()
        await expect(newMark(page, onBoard.name)).toHaveCount(0)
      } finally {
        await remove()
      }
    })

    test('shows a teammate’s changes within 5 s: a status on the board and in a filtered list, a note on the lead’s page', async ({
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
        expect((await callAdminApi(teammate.page, 'PATCH', `/leads/${id}`, { status: 'won' })).status).toBe(200)
        await openBoard(page)
        await expect(boardColumn(page, 'Won').getByRole('link', { name: answers.name, exact: true })).toBeVisible()

        expect((await callAdminApi(teammate.page, 'PATCH', `/leads/${id}`, { status: 'lost' })).status).toBe(200)
        await expect(boardColumn(page, 'Lost').getByRole('link', { name: answers.name, exact: true })).toBeVisible(LIVE)
        await expect(boardColumn(page, 'Won').getByRole('link', { name: answers.name, exact: true })).toHaveCount(0)

        await page.goto('/admin?status=lost')
        await expect(leadName(page, answers.name)).toBeVisible()
        expect((await callAdminApi(teammate.page, 'PATCH', `/leads/${id}`, { status: 'contacted' })).status).toBe(200)
        await expect(leadName(page, answers.name)).toHaveCount(0, LIVE)

        // On the lead's page, a teammate's note shows while a note of one's own is being typed, which keeps its text and the focus.
        await page.goto(`/admin/leads/${id}`)
        await expect(page.getByRole('heading', { level: 1, name: answers.name })).toBeVisible()
        const draft = page.getByLabel('New note')
        await draft.fill('Half a thought')
        const theirs = `Called them back ${Date.now()}`
        expect((await callAdminApi(teammate.page, 'POST', `/leads/${id}/notes`, { body: theirs })).status).toBe(201)
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
      await signIn(page, browserConsole)
      await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
      const asked: string[] = []
      page.on('request', (sent) => {
        if (isLeadsRequest(sent)) asked.push(sent.url())
      })
      await expect.poll(() => asked.length, LIVE).toBeGreaterThan(0)

      await setHidden(page, true)
      // A read already sent as the tab went away may still answer; none may start after.
      await page.waitForTimeout(500)
      asked.length = 0
      const posted = uniqueAnswers()
      await storeLead(request, posted)
      await page.waitForTimeout(8_000)
      expect(asked).toEqual([])
      await expect(leadName(page, posted.name)).toHaveCount(0)

      await setHidden(page, false)
      await expect(leadName(page, posted.name)).toBeVisible(LIVE)
      expect(asked.length).toBeGreaterThan(0)
    })
  })
}
