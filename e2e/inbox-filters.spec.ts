import type { Page } from '@playwright/test'
import { uniqueAnswers } from './support/application.ts'
import { expect, test } from './support/fixtures.ts'
import { leadLink, seriousViolations, signIn, storeLead } from './support/inbox.ts'

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
/** The tag uniqueAnswers put into every answer: a search for it finds this test's leads only. */
const tagOf = (name: string) => name.split(' ').at(-1)!
/** A phone number of this test's own, stored spaced one way and searched for another. */
const uniquePhone = () => `+44 7700 ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search' })
const choice = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true })
const historyLength = (page: Page) => page.evaluate(() => window.history.length)

test.describe('the lead list filters, at 1366×900', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  test('apply as they change, keep the address, name the sources, find phones, offer quick ranges and show the server’s refusal', async ({
    page,
    request,
    browserConsole,
  }) => {
    const plain = uniqueAnswers()
    const tag = tagOf(plain.name)
    const fromInstagram = { ...uniqueAnswers(), business: `Studio ${tag}` }
    const phoned = { ...uniqueAnswers(), phone: uniquePhone() }
    await storeLead(request, plain)
    await storeLead(request, fromInstagram, { last_touch: { utm_source: 'ig', captured_at: new Date().toISOString() } })
    await storeLead(request, phoned)

    await signIn(page, browserConsole)
    await expect(page.getByRole('button', { name: 'Apply filters' })).toHaveCount(0)

    // Typed, the search applies after a pause, with the focus and every letter kept, and adds one step to the history.
    const search = searchBox(page)
    await search.click()
    const before = await historyLength(page)
    await search.pressSequentially(tag, { delay: 30 })
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`))
    await expect(leadLink(page, plain.name)).toBeVisible()
    await expect(leadLink(page, fromInstagram.name)).toBeVisible()
    await expect(leadLink(page, phoned.name)).toHaveCount(0)
    await expect(search).toBeFocused()
    await expect(search).toHaveValue(tag)
    expect(await search.evaluate((field: HTMLInputElement) => field.selectionStart)).toBe(tag.length)
    expect(await historyLength(page)).toBeLessThanOrEqual(before + 1)

    // A choice applies at once, and the address keeps it.
    await choice(page, 'Status').selectOption('new')
    await expect(page).toHaveURL(/[?&]status=new/)
    const instagram = choice(page, 'Source').getByRole('option', { name: /^Instagram( \(ig\))?$/ })
    await choice(page, 'Source').selectOption({ label: (await instagram.textContent()) ?? '' })
    await expect(page).toHaveURL(/[?&]source=ig/)
    await expect(leadLink(page, fromInstagram.name)).toBeVisible()
    await expect(leadLink(page, plain.name)).toHaveCount(0)
    await page.reload()
    await expect(choice(page, 'Source')).toHaveValue('ig')
    await expect(choice(page, 'Status')).toHaveValue('new')
    await expect(searchBox(page)).toHaveValue(tag)
    await expect(leadLink(page, fromInstagram.name)).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    // The phone, however it is spaced.
    await page.getByRole('link', { name: 'Clear filters' }).click()
    await expect(page).not.toHaveURL(/[?&](q|status|source)=/)
    await expect(searchBox(page)).toHaveValue('')
    await expect(choice(page, 'Source')).toHaveValue('')
    const digits = phoned.phone.replace(/\D/g, '')
    // "7700 900123" stored: found by "7700900", and by "+44 77 009 00123".
    for (const typed of [
      digits.slice(2, 9),
      `+${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`,
    ]) {
      await searchBox(page).fill(typed)
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(typed)
      await expect(leadLink(page, phoned.name)).toBeVisible()
      await expect(leadLink(page, plain.name)).toHaveCount(0)
    }

    // A quick range sets both days.
    await page.getByRole('list', { name: 'Quick ranges' }).getByRole('link', { name: 'Last 7 days' }).click()
    await expect(page).toHaveURL(new RegExp(`from=${day(-6)}&to=${day(0)}|to=${day(0)}.*from=${day(-6)}`))
    await expect(page.getByLabel('Received from')).toHaveValue(day(-6))
    await expect(page.getByLabel('Received to')).toHaveValue(day(0))
    await expect(leadLink(page, phoned.name)).toBeVisible()

    // A backwards range: the server's own words, not a lost connection.
    browserConsole.expectError(/status of 400/)
    await page.getByLabel('Received from').fill(day(1))
    await expect(
      page.getByRole('alert').filter({ hasText: 'the date range is backwards: from is after to' }),
    ).toBeVisible()
    await expect(page.getByText(/could not reach the server/)).toHaveCount(0)
    expect(await seriousViolations(page)).toEqual([])
  })

  test('is driven by keys: / to search, j and k through the leads, Enter to open, and a skip to the leads', async ({
    page,
    request,
    browserConsole,
  }) => {
    const tag = tagOf(uniqueAnswers().name)
    const names = ['Oldest', 'Middle', 'Newest'].map((first) => `${first} ${tag}`)
    for (const name of names) await storeLead(request, { ...uniqueAnswers(), name, business: `Keys ${tag}` })
    const [oldest, middle, newest] = names.map((name) => leadLink(page, name))

    await signIn(page, browserConsole, `/admin?q=${tag}`)
    await expect(newest!).toBeVisible()

    // From the top of the page, a few Tabs (the header's links, sign out, then the filters) reach
    // "Skip to leads", which lands on the first lead.
    const headerLinks = await page.getByRole('banner').getByRole('link').count()
    let tabs = 0
    const skip = page.getByRole('button', { name: 'Skip to leads' })
    while (tabs < headerLinks + 6 && !(await skip.evaluate((element) => element === document.activeElement))) {
      await page.keyboard.press('Tab')
      tabs++
    }
    await expect(skip).toBeFocused()
    expect(tabs).toBeLessThanOrEqual(headerLinks + 4)
    await page.keyboard.press('Enter')
    await expect(newest!).toBeFocused()

    await page.keyboard.press('j')
    await expect(middle!).toBeFocused()
    await page.keyboard.press('j')
    await expect(oldest!).toBeFocused()
    await page.keyboard.press('k')
    await expect(middle!).toBeFocused()
    // Held with a modifier, the key is the browser's, not the list's.
    await page.keyboard.press('Alt+j')
    await expect(middle!).toBeFocused()

    await page.keyboard.press('/')
    await expect(searchBox(page)).toBeFocused()
    // In the field, j is a letter.
    await page.keyboard.press('j')
    await expect(searchBox(page)).toBeFocused()
    await expect(searchBox(page)).toHaveValue(`${tag}j`)
    await page.keyboard.press('Backspace')
    await page.keyboard.press('Escape')
    await expect(middle!).toBeFocused()
    await expect(searchBox(page)).toHaveValue(tag)

    await page.getByText('Keyboard shortcuts').click()
    await expect(page.getByText('Next lead')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    await middle!.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: names[1] })).toBeVisible()
  })
})

test.describe('the lead list filters on a phone, at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('fold behind a Filters button that counts them, so the first screen shows leads', async ({
    page,
    request,
    browserConsole,
  }) => {
    const answers = uniqueAnswers()
    await storeLead(request, answers)
    await signIn(page, browserConsole)

    const toggle = page.getByRole('button', { name: 'Filters', exact: true })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(searchBox(page)).toBeHidden()
    // The first lead, whoever's: other tests' leads, newer than this one, may come first.
    await expect(page.getByRole('article').first()).toBeInViewport()
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'nothing scrolls sideways',
    ).toBe(true)
    expect(await seriousViolations(page)).toEqual([])

    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await searchBox(page).fill(tagOf(answers.name))
    await expect(page).toHaveURL(/[?&]q=/)
    await choice(page, 'Status').selectOption('new')
    await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible()
    await expect(page.getByRole('link', { name: answers.name }).first()).toBeVisible()
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'nothing scrolls sideways',
    ).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
  })
})
