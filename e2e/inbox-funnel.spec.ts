import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { EVENTS_PATH, type EventBatch } from '../common/analytics.ts'
import { addDays } from '../common/funnel.ts'
import { utcDay } from '../common/utc-day.ts'
import { uniqueAnswers } from './support/application.ts'
import { seriousViolations, signIn, storeLead } from './support/admin.ts'
import { expect, test } from './support/fixtures.ts'

/** A desktop browser's User-Agent per visitor: the ingest tells visitors apart by address and User-Agent. */
const browserOf = (visitor: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 visitor-${visitor}`

/** Page views from `visitors` visitors of a source, the first `applied` of whom the page saw apply. */
async function sendViews(request: APIRequestContext, source: string, visitors: number, applied: number) {
  for (let index = 0; index < visitors; index++) {
    const events: EventBatch['events'] = index < applied ? [{ type: 'page_view' }, { type: 'submit_succeeded' }] : [{ type: 'page_view' }]
    const batch: EventBatch = { path: '/', source, events }
    const response = await request.post(EVENTS_PATH, {
      data: JSON.stringify(batch),
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': browserOf(`${source}-${index}`) },
    })
    expect(response.status(), await response.text()).toBe(204)
  }
}

async function storeLeads(request: APIRequestContext, source: string, count: number) {
  for (let index = 0; index < count; index++) {
    await storeLead(request, uniqueAnswers(), {
      last_touch: { utm_source: source, landing_path: '/', captured_at: new Date().toISOString() },
    })
  }
}

/** A table's body as text, row by row; a cell without a figure (a dash, and words for screen readers) reads as blank. */
const rowCells = (row: Locator) =>
  row
    .getByRole('cell')
    .evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').trim()).map((text) => (text.startsWith('–') ? '' : text)))

const sourcesTable = (page: Page) => page.getByRole('table', { name: /^Visitors, applications and booked calls per source/ })
const sourceRow = (page: Page, name: string) =>
  sourcesTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name }) })
const daysTable = (page: Page) => page.getByRole('table', { name: /^Visitors, applications and conversion rate per day/ })
const headline = (page: Page, label: string) =>
  page.getByRole('region', { name: 'This range against the one before' }).locator('dt', { hasText: label }).locator('+ dd')

/** A headline figure's change against the period before, as its second description. */
const change = (page: Page, label: string) => headline(page, label).locator('+ dd')

const today = utcDay()
const searchOf = (page: Page) => new URL(page.url()).searchParams

test.describe('the Funnel screen compares sources and periods', () => {
  // A source of this test's own, and one the inbox names in words (no other test sends it).
  const own = `e2e-conv-${Math.random().toString(36).slice(2, 8)}`

  test.beforeAll(async ({ request }) => {
    await sendViews(request, own, 3, 2)
    await storeLeads(request, own, 2)
    await sendViews(request, 'yt', 2, 1)
    await storeLeads(request, 'yt', 1)
  })

  test('at 1366 × 900: presets, the sources side by side, a row filters the chart, the chart reads by keyboard, the days fold away', async ({
    page,
    browserConsole,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 })
    await signIn(page, browserConsole, '/admin/funnel')
    const presets = page.getByRole('list', { name: 'Quick ranges' })

    await presets.getByRole('link', { name: 'Last 7 days' }).click()
    await expect.poll(() => searchOf(page).get('from')).toBe(addDays(today, -6))
    expect(searchOf(page).get('to')).toBe(today)
    await expect(page.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(addDays(today, -6))
    await expect(presets.getByRole('link', { name: 'Last 7 days' })).toHaveAttribute('aria-current', 'true')
    await presets.getByRole('link', { name: 'Last 90 days' }).click()
    await expect(page.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(addDays(today, -89))
    await presets.getByRole('link', { name: 'Today' }).click()
    await expect(page.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(today)
    await expect(page.getByRole('textbox', { name: 'To', exact: true })).toHaveValue(today)

    // Visitors, applications, conversion, booked, application → booked, showed, booked → showed.
    await expect.poll(() => rowCells(sourceRow(page, own))).toEqual(['3', '2', '66.7%', '0', '0.0%', '0', ''])
    await expect(sourceRow(page, 'YouTube yt').getByRole('rowheader')).toHaveText(/^YouTube\s*yt$/)
    await expect.poll(() => rowCells(sourceRow(page, 'YouTube yt'))).toEqual(['2', '1', '50.0%', '0', '0.0%', '0', ''])
    expect(await seriousViolations(page)).toEqual([])

    // A click anywhere on the row (here among its figures) shows that source's funnel: the chart, the figures, the steps.
    await sourceRow(page, own).click({ position: { x: 500, y: 12 } })
    await expect.poll(() => searchOf(page).get('source')).toBe(own)
    await expect(page.getByRole('img', { name: new RegExp(`^Line chart .*source ${own}`) }).locator('canvas')).toBeVisible()
    await expect(headline(page, 'Visitors')).toHaveText('3')
    await expect(headline(page, 'Applications')).toHaveText('2')
    await expect(sourceRow(page, own).getByRole('link', { name: own })).toHaveAttribute('aria-current', 'true')

    // The chart's day by keyboard: its figures in view, and as the slider's value.
    const readout = page.getByRole('slider', { name: 'Day on the chart' })
    await readout.focus()
    await page.keyboard.press('End')
    await expect(readout).toContainText('3 visitors, 2 applications, conversion 66.7%')
    await expect(readout).toHaveAttribute('aria-valuetext', /3 visitors, 2 applications/)

    // Enter on a source's name shows its funnel too.
    await sourceRow(page, 'YouTube yt').getByRole('link', { name: 'YouTube' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => searchOf(page).get('source')).toBe('yt')
    await expect(headline(page, 'Visitors')).toHaveText('2')

    // The days, folded away until asked for; a run of days without visits is one line.
    await presets.getByRole('link', { name: 'Last 30 days' }).click()
    await expect(page.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(addDays(today, -29))
    const toggle = page.getByText('Show the days as a table')
    await expect(daysTable(page)).toBeHidden()
    await toggle.click()
    await expect(daysTable(page)).toBeVisible()
    const todayRow = daysTable(page)
      .getByRole('row')
      .filter({ has: page.locator(`time[datetime="${today}"]`) })
    await expect(todayRow.getByRole('cell')).toHaveText(['2', '1', '50.0%'])
    await expect(daysTable(page).getByRole('rowheader', { name: /: no visits$/ })).toHaveCount(1)
    await expect(daysTable(page).getByRole('row')).toHaveCount(3)
    expect(await seriousViolations(page)).toEqual([])
    await toggle.click()
    await expect(daysTable(page)).toBeHidden()

    // The comparison is the period before, of the same length: tomorrow has no visits yet, and is compared with today's.
    const tomorrow = addDays(today, 1)
    await page.goto(`/admin/funnel?source=${own}&from=${tomorrow}&to=${tomorrow}`)
    await expect(headline(page, 'Visitors')).toHaveText('0')
    await expect(change(page, 'Visitors')).toHaveText(/down, -100% from 3$/)
    await expect(change(page, 'Applications')).toHaveText(/down, -100% from 2$/)
    await expect(change(page, 'Conversion rate')).toHaveText(/down, -66\.7 pts from 66\.7%$/)
    await expect(page.getByRole('region', { name: 'This range against the one before' })).toContainText(/Compared with/)

    // A range the server refuses: the page says so in the server's own words.
    browserConsole.expectError(/status of 400/)
    await page.goto('/admin/funnel?from=2026-03-10&to=2026-03-01')
    await expect(page.getByRole('alert')).toContainText('The server said: “the date range is backwards')
  })

  test('at 390 × 844: nothing cut off, the tables scroll within themselves', async ({ page, browserConsole }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, browserConsole, '/admin/funnel')
    await expect(page.getByRole('img', { name: /^Line chart/ }).locator('canvas')).toBeVisible()
    await page.getByText('Show the days as a table').click()
    await expect(daysTable(page)).toBeVisible()
    await expect.poll(() => rowCells(sourceRow(page, own))).toEqual(['3', '2', '66.7%', '0', '0.0%', '0', ''])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    // Every figure, link and heading lies within the screen, or within a table that scrolls.
    const outside = await page.evaluate(() =>
      Array.from(document.querySelectorAll('main dd, main h2, main a, main summary, main [role="slider"], main [role="region"]'))
        .filter((element) => !element.closest('[role="region"][tabindex]') || element.matches('[role="region"]'))
        .map((element) => ({ text: element.textContent?.slice(0, 40), box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.left < 0 || box.right > window.innerWidth))
        .map(({ text }) => text),
    )
    expect(outside).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
  })
})
