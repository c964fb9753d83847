import type { Locator, Page } from '@playwright/test'
import { calendlyDelivery, calendlyInviteeUri } from '../server/testing/booking-senders.ts'
import { uniqueAnswers } from './support/application.ts'
import { bookAsStranger } from './support/bookings.ts'
import { CALENDLY_SIGNING_KEY } from './support/env.ts'
import { expect, test } from './support/fixtures.ts'
import { inboxNav, navMenuButton, seriousViolations, signIn, storeLead } from './support/inbox.ts'

const PHONE = { width: 390, height: 844 }

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

/** The phone list's lead rows wholly inside the first screen: top and bottom within the window, nothing cut off. */
const leadsInFirstScreen = (page: Page) =>
  page.getByRole('article').evaluateAll(
    (rows) =>
      rows.filter((row) => {
        const box = row.getBoundingClientRect()
        return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth
      }).length,
  )

async function expectTapTarget(target: Locator, what: string) {
  const box = await target.boundingBox()
  expect(box, what).not.toBeNull()
  expect(box!.height, `${what}: height`).toBeGreaterThanOrEqual(44)
  expect(box!.width, `${what}: width`).toBeGreaterThanOrEqual(44)
}

test.describe('the inbox on a phone, 390×844', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true })

  test('shows at least five leads wholly in the first screen, as compact rows with a one-tap call, nothing sideways', async ({
    page,
    request,
    browserConsole,
  }) => {
    // Enough leads of its own, with long names and a phone, whatever other tests store meanwhile.
    for (let index = 0; index < 6; index++) await storeLead(request, { ...uniqueAnswers(), phone: '+44 20 7946 0958' })
    await signIn(page, browserConsole)
    await expect(page.getByRole('article').nth(5)).toBeVisible()
    await expect(page.getByRole('table')).toBeHidden()

    expect(await leadsInFirstScreen(page), 'leads wholly in the first screen').toBeGreaterThanOrEqual(5)
    expect(await noSidewaysScroll(page), 'nothing scrolls sideways').toBe(true)

    // The newest is one of this test's own (or newer, from another test): whoever it is, its row's parts.
    const first = page.getByRole('article').first()
    const name = (await first.getAttribute('aria-label')) ?? ''
    await expect(first.getByRole('link', { name, exact: true })).toBeVisible()
    await expect(first.getByRole('combobox', { name: `Status of ${name}` })).toBeVisible()
    await expect(first.locator('time')).toHaveText(/ago|just now/)
    await expectTapTarget(first.getByRole('combobox', { name: `Status of ${name}` }), 'the status chip')
    await expectTapTarget(first.locator('label').filter({ has: page.getByRole('checkbox') }), 'the selection box')
    // The name's link covers its part of the row, the age and source below it included.
    const nameArea = await first.getByRole('link', { name, exact: true }).evaluate((link) => {
      const area = (link.parentElement?.parentElement ?? link).getBoundingClientRect()
      const hits = (x: number, y: number) => document.elementFromPoint(x, y)?.closest('a') === link
      const inside = [area.left + 2, area.left + area.width / 2, area.right - 2].flatMap((x) => [
        hits(x, area.top + 2),
        hits(x, area.bottom - 2),
      ])
      return { height: area.height, width: area.width, covered: inside.every(Boolean) }
    })
    expect(nameArea.height, 'the name: height').toBeGreaterThanOrEqual(44)
    expect(nameArea.covered, 'the name’s link takes a tap anywhere in its part').toBe(true)

    const ours = page
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: /^Call / }) })
      .first()
    const call = ours.getByRole('link', { name: /^Call / })
    await expect(call).toHaveAttribute('href', /^tel:\+?\d+$/)
    await expectTapTarget(call, 'the call link')
    expect(await seriousViolations(page)).toEqual([])
  })

  test('keeps the header to one row with a menu button that unfolds the nav, folds on Escape and after a choice', async ({
    page,
    browserConsole,
  }) => {
    await signIn(page, browserConsole)
    const banner = page.getByRole('banner')
    const menu = navMenuButton(page)
    const board = inboxNav(page).getByRole('link', { name: 'Board', exact: true })
    // One row: the title, the menu button and Sign out side by side, whatever count the menu shows ("99+").
    expect((await banner.boundingBox())!.height).toBeLessThan(80)
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(board).toBeHidden()
    await expectTapTarget(menu, 'the menu button')
    expect(await noSidewaysScroll(page), 'nothing scrolls sideways').toBe(true)

    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await expect(board).toBeVisible()
    await expectTapTarget(board, 'a nav link')
    expect(await seriousViolations(page)).toEqual([])
    await board.focus()
    await page.keyboard.press('Escape')
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(menu).toBeFocused()
    await expect(board).toBeHidden()

    await page.keyboard.press('Enter')
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await board.click()
    await expect(page.getByRole('heading', { level: 1, name: 'Board' })).toBeFocused()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(inboxNav(page).getByRole('link', { name: 'Board', exact: true, includeHidden: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect((await banner.boundingBox())!.height).toBeLessThan(80)
  })

  test('folds the filters once a status or a quick range is chosen, the focus back on their button', async ({
    page,
    browserConsole,
  }) => {
    await signIn(page, browserConsole)
    const toggle = page.getByRole('button', { name: /^Filters/ })
    const status = page.getByRole('combobox', { name: 'Status', exact: true })
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await status.selectOption('contacted')
    await expect(page).toHaveURL(/status=contacted/)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(status).toBeHidden()
    await expect(toggle).toBeFocused()
    await expect(toggle).toHaveText('Filters (1)')

    await toggle.click()
    await page.getByRole('link', { name: 'Last 7 days' }).click()
    await expect(page).toHaveURL(/from=/)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    // Typing a search is no choice yet: the panel stays while the search is typed.
    await toggle.click()
    await page.getByRole('searchbox', { name: 'Search' }).fill('nobody-by-this-name')
    await expect(page).toHaveURL(/q=nobody-by-this-name/)
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(await seriousViolations(page)).toEqual([])
  })

  test('a lead’s timeline shows a cancel with its reason above one line per event’s notifications', async ({
    page,
    request,
    browserConsole,
  }) => {
    const answers = uniqueAnswers()
    const id = await storeLead(request, answers)
    const uri = calendlyInviteeUri()
    for (const event of ['invitee.created', 'invitee.canceled']) {
      const { body, headers } = calendlyDelivery(
        event,
        { uri, email: answers.email, name: answers.name, cancelReason: 'Found another agency' },
        { key: CALENDLY_SIGNING_KEY },
      )
      expect((await request.post('/api/bookings/calendly', { headers, data: body })).status()).toBe(200)
    }
    await signIn(page, browserConsole, `/admin/leads/${id}`)
    const timeline = page.getByRole('region', { name: 'Timeline' })
    const items = timeline.getByRole('listitem')
    await expect(items.filter({ hasText: 'Reason: Found another agency' })).toBeVisible()
    // The new lead's webhook and email went out: one line for both, not one each.
    const announced = items.filter({ hasText: /^New lead: sent to / })
    await expect(announced).toHaveCount(1)
    await expect(announced).toContainText(/sent to .+, .+/, { timeout: 20_000 })
    expect(await noSidewaysScroll(page), 'nothing scrolls sideways').toBe(true)
    expect(await seriousViolations(page)).toEqual([])
  })
})

test.describe('the small ones, on a laptop (1366×900)', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  test('a booking no lead matched is linked to its lead from the Bookings list', async ({
    page,
    request,
    browserConsole,
  }) => {
    const answers = uniqueAnswers()
    const tag = answers.name.split(' ').at(-1)!
    const leadId = await storeLead(request, answers)
    const stranger = await bookAsStranger(request)

    await signIn(page, browserConsole, '/admin/bookings')
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: `Someone Else · ${stranger}` }) })
    await row.getByRole('button', { name: /^Link to a lead/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Link this booking to a lead' })
    // It looks first for the email the provider gave: no lead has it.
    await expect(dialog.getByRole('searchbox', { name: 'Find the lead' })).toHaveValue(stranger)
    await expect(dialog.getByText('No lead matches.', { exact: false })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('searchbox', { name: 'Find the lead' }).fill(tag)
    await dialog.getByRole('button', { name: 'Find', exact: true }).click()
    await dialog.getByRole('button', { name: `Link to ${answers.name}` }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('status').filter({ hasText: `is linked to ${answers.name}.` })).toBeVisible()
    await expect(row).toHaveCount(0)
    await page.goto(`/admin/leads/${leadId}`)
    await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('booked')
  })

  test('board cards wrap their values between words, and a long unbroken one stays inside the card', async ({
    page,
    request,
    browserConsole,
  }) => {
    const worded = { ...uniqueAnswers(), budget: 'Straightforwardly eight thousand pounds, more from spring' }
    const unbroken = { ...uniqueAnswers(), budget: 'invest-through-katherine.johnson@example-agency.com' }
    await storeLead(request, worded)
    await storeLead(request, unbroken)
    await signIn(page, browserConsole, '/admin/board')
    const newColumn = page.getByRole('region', { name: 'New', exact: true })
    for (const answers of [worded, unbroken]) {
      const card = newColumn.getByRole('article', { name: answers.name, exact: true })
      await expect(card).toBeVisible()
      const measured = await card.evaluate((article) => {
        // A word split over two lines has a box on each.
        const splitWords: string[] = []
        for (const value of Array.from(article.querySelectorAll('dd'))) {
          const text = value.firstChild
          if (!(text instanceof Text)) continue
          const range = document.createRange()
          for (const match of Array.from(text.data.matchAll(/\S+/g))) {
            range.setStart(text, match.index)
            range.setEnd(text, match.index + match[0].length)
            if (range.getClientRects().length > 1) splitWords.push(match[0])
          }
        }
        return { splitWords, overflows: article.scrollWidth > article.clientWidth }
      })
      expect(measured.overflows, 'nothing sticks out of the card').toBe(false)
      if (answers === worded) expect(measured.splitWords, 'no word broken in two').toEqual([])
    }
    expect(await seriousViolations(page)).toEqual([])
  })
})
