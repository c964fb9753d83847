import type { Locator, Page } from '@playwright/test'
import { addDays } from '../common/funnel.ts'
import { utcDay } from '../common/utc-day.ts'
import { uniqueSource } from './support/analytics.ts'
import { uniqueAnswers } from './support/application.ts'
import { expect, test } from './support/fixtures.ts'
import { callInboxApi, goToView, seriousViolations, signIn, storeLead } from './support/inbox.ts'

// The Funnel's money table on a laptop and a phone: leads stored through the
// real insert with their touches, a won outcome and spend through the inbox's
// API, then the first/last touch switch, paid and organic apart, the drill-down
// from source to campaign to ad and back, and the period before's figure.

const VIEWPORTS = [
  { device: 'a laptop', width: 1366, height: 900 },
  { device: 'a phone', width: 390, height: 844 },
] as const

const today = utcDay()
const touch = (fields: Record<string, string>) => ({
  ...fields,
  landing_path: '/',
  captured_at: new Date().toISOString(),
})

/** Two leads of this test's own sources (one paid and won for $500, one organic), and spend now and in the period before. */
async function seed(page: Page, source: string, firstSource: string) {
  const paid = await storeLead(page.request, uniqueAnswers(), {
    first_touch: touch({ utm_source: firstSource }),
    last_touch: touch({ utm_source: source, utm_medium: 'cpc', utm_campaign: 'spring', utm_content: 'ad-a' }),
  })
  await storeLead(page.request, uniqueAnswers(), {
    first_touch: touch({ utm_source: firstSource }),
    last_touch: touch({ utm_source: source }),
  })
  const won = await callInboxApi(page, 'POST', `/leads/${paid}/outcome`, { outcome: 'won', amount: '500' })
  expect(won.status, JSON.stringify(won.body)).toBe(201)
  // The default range is the last 30 days; the period before is the 30 days just before it.
  for (const [day, amount] of [
    [addDays(today, -2), '100'],
    [addDays(today, -40), '50'],
  ] as const) {
    const spend = await callInboxApi(page, 'POST', '/spend', { per: 'day', day, source, amount })
    expect(spend.status, JSON.stringify(spend.body)).toBe(201)
  }
}

const moneyTable = (page: Page) =>
  page.getByRole('table', { name: /^Applications, calls, clients, revenue and spend per/ })
/** A row of the money table by its name and whether it is paid. */
const moneyRow = (page: Page, key: string, paid: boolean) =>
  moneyTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader').filter({ hasText: key }) })
    .filter({ hasText: paid ? 'Paid' : 'Organic' })

/** A figure of a row under its column's header, with the period before's beneath it ("$100.00was $50.00"). */
async function figure(page: Page, row: Locator, column: string) {
  await expect(moneyTable(page)).toBeVisible()
  const headers = await moneyTable(page).getByRole('columnheader').allTextContents()
  const index = headers.indexOf(column)
  expect(index, `${column} among ${headers.join(', ')}`).toBeGreaterThan(0)
  return row.getByRole('cell').nth(index - 1)
}

const expectNoSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)

for (const { device, width, height } of VIEWPORTS) {
  test.describe(`The Funnel's money table on ${device}`, () => {
    test.use({ viewport: { width, height } })

    test('first and last touch, paid and organic apart, source → campaign → ad and back, each figure beside the period before’s', async ({
      page,
      browserConsole,
    }) => {
      const [source, firstSource] = [uniqueSource(), uniqueSource()]
      await signIn(page, browserConsole)
      await seed(page, source, firstSource)
      await goToView(page, 'Funnel')
      await expect(page.getByRole('heading', { level: 1, name: 'Funnel' })).toBeVisible()

      // Last touch (the default): the paid row carries the spend and the revenue, the organic row neither.
      const paid = moneyRow(page, source, true)
      await expect(await figure(page, paid, 'Applications')).toHaveText('1was 0')
      await expect(await figure(page, paid, 'Revenue')).toHaveText(/^\$500\.00was/)
      await expect(await figure(page, paid, 'Spend')).toHaveText('$100.00was $50.00')
      await expect(await figure(page, paid, 'Cost per application')).toHaveText(/^\$100\.00was/)
      await expect(await figure(page, paid, 'Return on spend')).toHaveText(/^5\.00×was/)
      const organic = moneyRow(page, source, false)
      await expect(await figure(page, organic, 'Applications')).toHaveText(/^1was/)
      await expect(await figure(page, organic, 'Revenue')).toHaveText(/^\$0\.00was/)
      await expect(moneyRow(page, firstSource, false)).toHaveCount(0)
      expect(await seriousViolations(page)).toEqual([])
      await expectNoSidewaysScroll(page)

      // First touch: both leads are the first source's, organic; the last touch's source has no lead left.
      await page.getByRole('radio', { name: 'First touch' }).check()
      await expect.poll(() => new URL(page.url()).searchParams.get('touch')).toBe('first')
      await expect(await figure(page, moneyRow(page, firstSource, false), 'Applications')).toHaveText(/^2was/)
      await expect(moneyRow(page, source, false)).toHaveCount(0)
      // Another range keeps the touch, as the address keeps the Funnel's other choices.
      await page.getByRole('list', { name: 'Quick ranges' }).getByRole('link', { name: 'Last 30 days' }).click()
      await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(addDays(today, -29))
      await expect(page.getByRole('radio', { name: 'First touch' })).toBeChecked()
      await expect(await figure(page, moneyRow(page, firstSource, false), 'Applications')).toHaveText(/^2was/)
      await page.getByRole('radio', { name: 'Last touch' }).check()
      await expect(moneyRow(page, source, false)).toHaveCount(1)

      // Source → campaign: the campaign's lead, and the spend entered without a campaign on a row of its own.
      await moneyTable(page)
        .getByRole('link', { name: `${source}, Paid: show its campaigns` })
        .click()
      await expect(page).toHaveURL(new RegExp(`drill=${source}&paid=true`))
      await expect(await figure(page, moneyRow(page, 'spring', true), 'Revenue')).toHaveText(/^\$500\.00/)
      await expect(await figure(page, moneyRow(page, '(not per campaign)', true), 'Spend')).toHaveText(/^\$100\.00/)
      // Campaign → ad.
      await moneyTable(page).getByRole('link', { name: 'spring, Paid: show its ads' }).click()
      await expect(page).toHaveURL(/campaign=spring/)
      await expect(await figure(page, moneyRow(page, 'ad-a', true), 'Applications')).toHaveText(/^1was/)
      const trail = page.getByRole('navigation', { name: 'Drill-down' })
      await expect(trail.getByText('spring')).toHaveAttribute('aria-current', 'page')
      expect(await seriousViolations(page)).toEqual([])
      await expectNoSidewaysScroll(page)

      // The trail goes back up a level at a time.
      await trail.getByRole('link', { name: `${source} (Paid)` }).click()
      await expect(moneyRow(page, 'spring', true)).toHaveCount(1)
      await trail.getByRole('link', { name: 'Every source' }).click()
      await expect(moneyRow(page, source, true)).toHaveCount(1)
      await expect(page.getByRole('navigation', { name: 'Drill-down' })).toHaveCount(0)

      // The CSV link carries the same query.
      const csv = page.getByRole('link', { name: 'Download this table as CSV' })
      await expect(csv).toHaveAttribute('href', /\/api\/admin\/funnel\/sources\.csv\?.*touch=last/)
      const response = await page.request.get((await csv.getAttribute('href')) ?? '')
      expect(response.status()).toBe(200)
      expect(await response.text()).toContain(source)
    })
  })
}
