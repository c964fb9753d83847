import type { APIRequestContext, Page } from '@playwright/test'
import { CONTACT_SUBMISSIONS_PATH, HONEYPOT_FIELD } from '../common/contact-submission.ts'
import type { LeadPage } from '../common/lead-list-api.ts'
import { uniqueAnswers, type Answers } from './support/application.ts'
import { SERVICE_ROLE_KEY } from './support/env.ts'
import { expect, test } from './support/fixtures.ts'
import { callInboxApi, leadLink, leadRow, seriousViolations, signIn, storeLead } from './support/inbox.ts'

const tagOf = (answers: Answers) => answers.name.split(' ').at(-1)!

/** `count` leads sharing one tag (so a search finds only them), named from the end of the alphabet to the start, the oldest first. */
async function storeTagged(request: APIRequestContext, count: number, overrides: Partial<Answers> = {}) {
  const base = uniqueAnswers()
  const tag = tagOf(base)
  const names: string[] = []
  for (let index = 0; index < count; index++) {
    const letter = String.fromCharCode(90 - index)
    const answers = {
      ...uniqueAnswers(),
      name: `${letter}ara Quinn-Montgomery ${tag}`,
      email: `${letter.toLowerCase()}ara.quinn-montgomery.a.long.address.${tag}@example-agency.com`,
      business: `Agency ${tag}`,
      ...overrides,
    }
    await storeLead(request, answers, { last_touch: { utm_source: 'ig' } })
    names.push(answers.name)
  }
  return { tag, names }
}

/** Stores an application the honeypot caught, as a bot's would be. */
async function storeSpam(request: APIRequestContext, answers: Answers) {
  const response = await request.post(CONTACT_SUBMISSIONS_PATH, {
    data: [{ ...answers, submission_id: crypto.randomUUID(), [HONEYPOT_FIELD]: 'https://spam.example' }],
    headers: { apikey: SERVICE_ROLE_KEY, prefer: 'return=representation' },
  })
  expect(response.status(), await response.text()).toBe(201)
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement
    return root.scrollWidth <= root.clientWidth
  })

/** The list's rows whose bottom edge is within the window: what shows without scrolling. */
const rowsAboveTheFold = (page: Page) =>
  page
    .locator('tbody tr')
    .evaluateAll((rows) => rows.filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length)

const serverPage = async (page: Page, query: string) =>
  (await callInboxApi(page, 'GET', `/leads?${query}`)).body as LeadPage

test.describe('the lead list on a laptop, 1366×900', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  test('fits twelve leads above the fold with no sideways scroll, counts them, sorts by name and opens answers on demand', async ({
    page,
    request,
    browserConsole,
  }) => {
    const { tag, names } = await storeTagged(request, 14)
    await signIn(page, browserConsole, `/admin?q=${tag}`)
    await expect(page.getByText('14 leads', { exact: true })).toBeVisible()
    await expect(leadLink(page, names.at(-1)!)).toBeVisible()

    expect(await rowsAboveTheFold(page), 'leads above the fold').toBeGreaterThanOrEqual(12)
    expect(await noSidewaysScroll(page), 'nothing scrolls sideways').toBe(true)
    const newest = leadRow(page, names.at(-1)!)
    await expect(newest).toContainText('Instagram')
    await expect(newest).toContainText(/just now|min ago/)
    await expect(newest.getByRole('combobox', { name: `Status of ${names.at(-1)}` })).toHaveValue('new')
    expect(await seriousViolations(page)).toEqual([])

    // The exact time shows while the keyboard is in the row, not only under the mouse.
    const exact = newest.locator('[data-exact-time]')
    await expect(exact).toBeHidden()
    await leadLink(page, names.at(-1)!).focus()
    await expect(exact).toBeVisible()
    await expect(exact).toHaveText(/\d{4}/)

    // Newest first by default; by name, A to Z.
    const firstLink = page.locator('tbody th a').first()
    await expect(firstLink).toHaveText(names.at(-1)!)
    await page.getByLabel('Sort by').selectOption({ label: 'Name, A to Z' })
    await expect(page).toHaveURL(/sort=name/)
    await expect(page.getByRole('table', { name: 'Leads, by name' })).toBeVisible()
    await expect(firstLink).toHaveText([...names].sort()[0]!)
    await expect(page.getByText('14 leads', { exact: true })).toBeVisible()

    const toggle = page.getByRole('button', { name: `Answers of ${names[0]}` })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    const business = page.getByRole('table').getByText(`Agency ${tag}`)
    await expect(business).toHaveCount(0)
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(business).toBeVisible()
    await expect(page.getByRole('table').getByText('Full name')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await toggle.press('Enter')
    await expect(business).toHaveCount(0)
  })

  test('changes the status of three selected leads at once, then erases the page after a confirmation', async ({
    page,
    request,
    browserConsole,
  }) => {
    const { tag, names } = await storeTagged(request, 4)
    await signIn(page, browserConsole, `/admin?q=${tag}`)
    const chosen = names.slice(0, 3)
    for (const name of chosen) await page.getByRole('checkbox', { name: `Select ${name}` }).check()
    const bar = page.getByRole('region', { name: 'Selected leads' })
    await expect(bar).toContainText('3 selected')
    expect(await seriousViolations(page)).toEqual([])
    await bar.getByLabel('Change status to').selectOption({ label: 'Won' })
    await bar.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByRole('status').filter({ hasText: '3 leads are now Won.' })).toBeVisible()
    await expect(bar).toBeHidden()
    // The keyboard stays by the list: on the count, just above it.
    await expect(page.getByText('4 leads', { exact: true })).toBeFocused()

    const won = await serverPage(page, `q=${tag}&status=won`)
    expect(won.leads.map((lead) => lead.answers.name).sort()).toEqual([...chosen].sort())
    expect(won.leads).toHaveLength(3)
    for (const name of chosen) await expect(leadRow(page, name).getByRole('combobox')).toHaveValue('won')
    await expect(leadRow(page, names[3]!).getByRole('combobox')).toHaveValue('new')

    // The selection's export names the selected leads only.
    await page.getByRole('checkbox', { name: 'Select every lead on this page' }).check()
    await expect(bar).toContainText('4 selected')
    await bar.getByRole('button', { name: 'Export the selected…' }).click()
    const exportDialog = page.getByRole('dialog', { name: 'Export the selected leads' })
    await expect(exportDialog.getByRole('link', { name: 'Export as CSV' })).toHaveAttribute(
      'href',
      /ids=\d+%2C\d+%2C\d+%2C\d+/,
    )
    await page.keyboard.press('Escape')

    await bar.getByRole('button', { name: 'Erase the selected…' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Erase 4 leads?' })
    expect(await seriousViolations(page)).toEqual([])
    await confirm.getByRole('button', { name: 'Erase 4 leads' }).click()
    await expect(page.getByRole('status').filter({ hasText: '4 leads erased.' })).toBeVisible()
    await expect(page.getByText('No leads match this view.')).toBeVisible()
    expect((await serverPage(page, `q=${tag}`)).leads).toEqual([])
  })
})

test.describe('the spam view on a laptop, 1366×900', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  test('moves selected spam to the leads, and erases the rest after a confirmation', async ({
    page,
    request,
    browserConsole,
  }) => {
    const first = uniqueAnswers()
    const tag = tagOf(first)
    const rescued = `Rescued ${tag}`
    await storeSpam(request, first)
    await storeSpam(request, { ...uniqueAnswers(), name: `Second ${tag}` })
    await storeSpam(request, { ...uniqueAnswers(), name: rescued })
    await signIn(page, browserConsole, `/admin?view=spam&q=${tag}`)
    await expect(page.getByText('3 entries', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: `Not spam: move ${first.name} to the leads` })).toBeVisible()

    await page.getByRole('checkbox', { name: `Select ${rescued}` }).check()
    await page
      .getByRole('region', { name: 'Selected leads' })
      .getByRole('button', { name: 'Not spam', exact: true })
      .click()
    await expect(page.getByRole('status').filter({ hasText: '1 entry is now a lead' })).toBeVisible()
    await expect(page.getByText('2 entries', { exact: true })).toBeVisible()
    expect((await serverPage(page, `q=${encodeURIComponent(rescued)}`)).leads.map((lead) => lead.answers.name)).toEqual(
      [rescued],
    )

    await page.getByRole('checkbox', { name: 'Select every lead on this page' }).check()
    const bar = page.getByRole('region', { name: 'Selected leads' })
    await expect(bar).toContainText('2 selected')
    await expect(bar.getByLabel('Change status to')).toHaveCount(0)
    expect(await seriousViolations(page)).toEqual([])
    await bar.getByRole('button', { name: 'Erase the selected…' }).click()
    await page
      .getByRole('alertdialog', { name: 'Erase 2 entries?' })
      .getByRole('button', { name: 'Erase 2 entries' })
      .click()
    await expect(page.getByRole('status').filter({ hasText: '2 entries erased.' })).toBeVisible()
    await expect(page.getByText('Nothing in the spam view.')).toBeVisible()
    expect((await serverPage(page, `view=spam&q=${tag}`)).leads).toEqual([])
  })
})

test.describe('the lead list on a phone, 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('shows compact rows with the status, age, source and a one-tap call', async ({
    page,
    request,
    browserConsole,
  }) => {
    const { tag, names } = await storeTagged(request, 2, { instagram: '@ada.lovelace', phone: '+44 20 7946 0958' })
    await signIn(page, browserConsole, `/admin?q=${tag}`)
    await expect(page.getByText('2 leads', { exact: true })).toBeVisible()
    const card = page.getByRole('article', { name: names[0] })
    await expect(card).toBeVisible()
    await expect(page.getByRole('table')).toBeHidden()
    await expect(card.getByRole('combobox', { name: `Status of ${names[0]}` })).toHaveValue('new')
    await expect(card).toContainText('Instagram')
    await expect(card).toContainText(/just now|min ago/)
    await expect(card.getByRole('link', { name: `Call ${names[0]}, +44 20 7946 0958` })).toHaveAttribute(
      'href',
      'tel:+442079460958',
    )
    expect(await noSidewaysScroll(page), 'nothing scrolls sideways').toBe(true)
    expect(await seriousViolations(page)).toEqual([])

    await card.getByRole('checkbox', { name: `Select ${names[0]}` }).check()
    await expect(page.getByRole('region', { name: 'Selected leads' })).toContainText('1 selected')
    expect(await noSidewaysScroll(page), 'nothing scrolls sideways with the selection').toBe(true)
    expect(await seriousViolations(page)).toEqual([])
  })
})
