import { readFile } from 'node:fs/promises'
import { parse } from 'csv-parse/sync'
import { applicationForm } from '../common/application-form.ts'
import { LEAD_PAGE_SIZE } from '../common/lead-list-api.ts'
import type { LeadDetail } from '../common/lead-page-api.ts'
import { expectSubmittedToast, fillApplication, readSubmissions, uniqueAnswers, wizard } from './support/application.ts'
import { expect, test } from './support/fixtures.ts'
import { callInboxApi, leadLink, leadRow, seriousViolations, signIn, storeLead, goToView } from './support/inbox.ts'
import { openApplication } from './support/landing.ts'

const today = () => new Date().toISOString().slice(0, 10)
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
/** The tag uniqueAnswers put into every answer: a search for it finds this test's leads only. */
const tagOf = (name: string) => name.split(' ').at(-1)!

test.describe('the lead inbox', () => {
  test('shows a lead just submitted on the landing page; its status changes from the list and a note is added on its page', async ({
    page,
    browserConsole,
  }) => {
    const answers = uniqueAnswers()
    await openApplication(page)
    await fillApplication(page, answers)
    await wizard(page).submit.click()
    await expectSubmittedToast(page)

    // Found by its tag: the newest page of every lead is other tests' to fill meanwhile.
    await signIn(page, browserConsole, `/admin?q=${tagOf(answers.name)}`)
    const row = leadRow(page, answers.name)
    await expect(row).toBeVisible()
    await expect(row).toContainText(answers.email)
    // The rest of the answers open below the row on demand.
    await row.getByRole('button', { name: `Answers of ${answers.name}` }).click()
    await expect(page.getByRole('table').getByText(answers.instagram, { exact: true })).toBeVisible()
    await row.getByRole('combobox', { name: `Status of ${answers.name}` }).selectOption({ label: 'Contacted' })
    await expect(page.getByRole('status').filter({ hasText: `${answers.name} is now Contacted.` })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    await leadLink(page, answers.name).click()
    await expect(page.getByRole('heading', { level: 1, name: answers.name })).toBeVisible()
    const answersSection = page.getByRole('region', { name: 'Answers' })
    for (const field of applicationForm) {
      // The name is the title, and the contact answers are links at the top.
      if (['name', 'email', 'phone', 'instagram'].includes(field.key)) {
        await expect(page.getByText(answers[field.key].trim(), { exact: true }).first()).toBeVisible()
        continue
      }
      await expect(answersSection.getByText(field.label, { exact: true })).toBeVisible()
      await expect(answersSection.getByText(answers[field.key].trim(), { exact: true })).toBeVisible()
    }
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('contacted')
    const timeline = page.getByRole('region', { name: 'Timeline' })
    await expect(timeline).toContainText('Status: New → Contacted')
    await expect(page.getByText(/· Booking page: Not opened yet$/)).toBeVisible()

    const note = `Called back, wants a proposal ${tagOf(answers.name)}`
    await page.getByLabel('New note').fill(note)
    await page.getByRole('button', { name: 'Add note' }).click()
    await expect(timeline.getByText(note, { exact: true })).toBeVisible()
    await expect(page.getByLabel('New note')).toHaveValue('')

    const notifications = page.getByRole('region', { name: 'Notifications' })
    const resend = notifications.getByRole('button', { name: /^Resend new lead to / }).first()
    // Folded once every notification was delivered.
    if (!(await resend.isVisible())) await notifications.getByText('show each').click()
    await expect(resend).toBeVisible()
    await resend.click()
    await expect(notifications.getByRole('status')).toHaveText('Queued to be sent again.')
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('link', { name: /All leads/ }).click()
    await expect(leadRow(page, answers.name).getByRole('combobox')).toHaveValue('contacted')
  })

  test('search, the status, date and source filters and the spam view find the right leads, and stay in the address', async ({
    page,
    request,
    browserConsole,
  }) => {
    const plain = uniqueAnswers()
    const tag = tagOf(plain.name)
    const fromAd = { ...uniqueAnswers(), business: `Coaching ${tag}` }
    const source = `e2e-source-${tag}`
    await storeLead(request, plain)
    await storeLead(request, fromAd, { last_touch: { utm_source: source, captured_at: new Date().toISOString() } })
    const spam = uniqueAnswers()
    await storeLead(request, { ...spam, _gotcha: 'https://spam.example' } as typeof spam)

    await signIn(page, browserConsole)
    const search = page.getByRole('searchbox', { name: 'Search' })
    await search.fill(tag)
    await search.press('Enter')
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`))
    await expect(leadLink(page, plain.name)).toBeVisible()
    await expect(leadLink(page, fromAd.name)).toBeVisible()
    await expect(page.getByRole('row')).toHaveCount(3)
    await expect(leadRow(page, fromAd.name)).toContainText(source)

    // Every choice applies as it is made: there is no button to press.
    const sourceChoice = page.getByRole('combobox', { name: 'Source', exact: true })
    await sourceChoice.selectOption(source)
    await expect(page).toHaveURL(new RegExp(`[?&]source=${source}`))
    await expect(leadLink(page, plain.name)).toHaveCount(0)
    await expect(leadLink(page, fromAd.name)).toBeVisible()
    await sourceChoice.selectOption('')
    await expect(page).not.toHaveURL(/[?&]source=/)

    await leadRow(page, fromAd.name).getByRole('combobox').selectOption('won')
    await expect(page.getByRole('status').filter({ hasText: 'is now Won.' })).toBeVisible()
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('won')
    await expect(page).toHaveURL(/[?&]status=won/)
    await expect(leadLink(page, plain.name)).toHaveCount(0)
    await expect(leadLink(page, fromAd.name)).toBeVisible()

    // A shared address shows the same view.
    await page.reload()
    await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('won')
    await expect(search).toHaveValue(tag)
    await expect(leadLink(page, fromAd.name)).toBeVisible()
    await expect(leadLink(page, plain.name)).toHaveCount(0)

    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('')
    await page.getByLabel('Received from').fill(tomorrow())
    await expect(page.getByText('No leads match this view.')).toBeVisible()
    await page.getByLabel('Received from').fill(today())
    await expect(page).toHaveURL(new RegExp(`[?&]from=${today()}`))
    await page.getByLabel('Received to').fill(today())
    await expect(page).toHaveURL(new RegExp(`[?&]to=${today()}`))
    await expect(leadLink(page, plain.name)).toBeVisible()
    await expect(leadLink(page, fromAd.name)).toBeVisible()

    // Back goes to the view before, as in any site: the one without the end day.
    await page.goBack()
    await expect(page).not.toHaveURL(/[?&]to=/)
    await expect(page.getByLabel('Received to')).toHaveValue('')
    await expect(page.getByLabel('Received from')).toHaveValue(today())

    await goToView(page, 'Spam')
    await expect(page.getByRole('heading', { level: 1, name: 'Spam' })).toBeVisible()
    const spamSearch = page.getByRole('searchbox', { name: 'Search' })
    await spamSearch.fill(tagOf(spam.name))
    await spamSearch.press('Enter')
    await expect(leadLink(page, spam.name)).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await goToView(page, 'Leads')
    await search.fill(tagOf(spam.name))
    await search.press('Enter')
    await expect(page.getByText('No leads match this view.')).toBeVisible()
  })

  test('pages through a long list with "Next page" and "Newer", the filter kept in the address', async ({
    page,
    request,
    browserConsole,
  }) => {
    const first = uniqueAnswers()
    const tag = tagOf(first.name)
    const names: string[] = []
    for (let index = 0; index <= LEAD_PAGE_SIZE; index++) {
      const answers = { ...uniqueAnswers(), business: `Agency ${tag}`, name: `Lead ${index} ${tag}` }
      await storeLead(request, answers)
      names.push(answers.name)
    }
    const [oldest] = names
    const newest = names.at(-1)!

    await signIn(page, browserConsole, `/admin?q=${tag}`)
    await expect(leadLink(page, newest)).toBeVisible()
    await expect(page.getByRole('row')).toHaveCount(LEAD_PAGE_SIZE + 1)
    await expect(leadLink(page, oldest!)).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Newer' })).toHaveCount(0)

    await page.getByRole('button', { name: 'Next page' }).click()
    await expect(leadLink(page, oldest!)).toBeVisible()
    await expect(page.getByRole('row')).toHaveCount(2)
    await expect(page).toHaveURL(new RegExp(`q=${tag}.*cursor=`))
    await expect(page.getByRole('button', { name: 'Next page' })).toHaveCount(0)

    await page.getByRole('button', { name: 'Newer' }).click()
    await expect(leadLink(page, newest)).toBeVisible()
    await expect(page).not.toHaveURL(/cursor=/)
    await expect(page).toHaveURL(new RegExp(`q=${tag}`))
  })

  test('exports the current filter as CSV', async ({ page, request, browserConsole }) => {
    const first = uniqueAnswers()
    const tag = tagOf(first.name)
    const second = { ...uniqueAnswers(), business: `Retail ${tag}` }
    await storeLead(request, first)
    await storeLead(request, second)
    const other = uniqueAnswers()
    await storeLead(request, other)

    await signIn(page, browserConsole, `/admin?q=${tag}`)
    await expect(leadLink(page, second.name)).toBeVisible()
    await page.getByRole('button', { name: 'Export this view…' }).click()
    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Export as CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/)
    const rows = parse(await readFile(await download.path()), { columns: true, bom: true }) as Record<string, string>[]
    expect(rows.map((row) => row.email).sort()).toEqual([first.email, second.email].sort())
    expect(rows.find((row) => row.email === first.email)).toMatchObject({ name: first.name, status: 'new' })
    await expect(page.getByRole('link', { name: 'Export as JSON' })).toHaveAttribute(
      'href',
      `/api/admin/leads/export?q=${tag}&format=json&mode=spreadsheet&tz=${encodeURIComponent(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone))}`,
    )
  })

  test('erasing a lead, after a confirmation, removes it with its notes and notifications', async ({
    page,
    request,
    browserConsole,
  }) => {
    const answers = uniqueAnswers()
    const id = await storeLead(request, answers)
    await signIn(page, browserConsole, `/admin?q=${tagOf(answers.name)}`)
    await leadLink(page, answers.name).click()
    await page.getByLabel('New note').fill('To be erased')
    await page.getByRole('button', { name: 'Add note' }).click()
    await expect(page.getByText('To be erased', { exact: true })).toBeVisible()
    const before = await callInboxApi(page, 'GET', `/leads/${id}`)
    expect(before.status).toBe(200)
    const { deliveries, notes } = before.body as LeadDetail
    expect(notes).toHaveLength(1)
    expect(deliveries.length).toBeGreaterThan(0)

    await page.getByRole('button', { name: 'Erase lead' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Erase this lead?' })
    await expect(dialog).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('heading', { level: 1, name: answers.name })).toBeVisible()

    await page.getByRole('button', { name: 'Erase lead' }).click()
    await dialog.getByRole('button', { name: 'Erase for good' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
    await expect(leadLink(page, answers.name)).toHaveCount(0)

    browserConsole.expectError(/status of 404/)
    expect((await callInboxApi(page, 'GET', `/leads/${id}`)).status).toBe(404)
    for (const delivery of deliveries) {
      expect(
        (await callInboxApi(page, 'POST', `/deliveries/${delivery.id}/resend`)).status,
        'its notification is gone from the outbox',
      ).toBe(404)
    }
    expect(await readSubmissions(request, `select=id&id=eq.${id}`)).toEqual([])
    const search = page.getByRole('searchbox', { name: 'Search' })
    await search.fill(tagOf(answers.name))
    await search.press('Enter')
    await expect(page.getByText('No leads match this view.')).toBeVisible()
  })

  test('erases every lead with an email, after a confirmation naming it', async ({ page, request, browserConsole }) => {
    const answers = uniqueAnswers()
    const again = { ...uniqueAnswers(), email: answers.email }
    await storeLead(request, answers)
    await storeLead(request, again)
    await signIn(page, browserConsole)
    await goToView(page, 'Account')
    await page.getByRole('link', { name: 'Erase by email…' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Erase by email' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByLabel('Email address').fill(answers.email)
    await page.getByRole('button', { name: 'Erase…' }).click()
    const dialog = page.getByRole('alertdialog', { name: `Erase everything for ${answers.email}?` })
    await dialog.getByRole('button', { name: 'Erase for good' }).click()
    await expect(page.getByRole('status')).toHaveText(`2 leads erased for ${answers.email}.`)
    expect(await readSubmissions(request, `select=id&email=eq.${encodeURIComponent(answers.email)}`)).toEqual([])
  })

  test('is usable by keyboard alone: a search typed and sent from the keyboard, a lead opened with Enter', async ({
    page,
    request,
    browserConsole,
  }) => {
    const answers = uniqueAnswers()
    await storeLead(request, answers)
    await signIn(page, browserConsole)
    const search = page.getByRole('searchbox', { name: 'Search' })
    // From the top of the page, Tab reaches the search box after the header's controls (its links, sign out).
    const headerLinks = await page.getByRole('banner').getByRole('link').count()
    await page.keyboard.press('Tab')
    for (
      let presses = 0;
      presses < headerLinks + 4 && !(await search.evaluate((element) => element === document.activeElement));
      presses++
    ) {
      await page.keyboard.press('Tab')
    }
    await expect(search).toBeFocused()
    await page.keyboard.type(tagOf(answers.name))
    await page.keyboard.press('Enter')
    const link = leadLink(page, answers.name)
    await expect(link).toBeVisible()
    await link.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: answers.name })).toBeVisible()
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

    test('the leads are cards, not a table', async ({ page, request, browserConsole }) => {
      const answers = uniqueAnswers()
      await storeLead(request, answers)
      await signIn(page, browserConsole, `/admin?q=${tagOf(answers.name)}`)
      const card = page.getByRole('article', { name: answers.name })
      await expect(card).toBeVisible()
      await expect(card).toContainText(/just now|min ago/)
      await expect(card.getByRole('combobox', { name: `Status of ${answers.name}` })).toBeVisible()
      await expect(page.getByRole('table')).toBeHidden()
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        'nothing scrolls sideways',
      ).toBe(true)
      expect(await seriousViolations(page)).toEqual([])
      await card.getByRole('link', { name: answers.name, exact: true }).click()
      await expect(page.getByRole('heading', { level: 1, name: answers.name })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })
  })
})
