import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { parse } from 'csv-parse/sync'
import { EVENTS_PATH, type EventBatch } from '../common/analytics.ts'
import { FUNNEL_CSV_COLUMNS } from '../common/funnel-api.ts'
import { addDays, FUNNEL_STAGES, LEAD_STAGES, STEP_COUNT } from '../common/funnel.ts'
import { utcDay } from '../common/utc-day.ts'
import { uniqueAnswers } from './support/application.ts'
import { expect, test } from './support/fixtures.ts'
import { inboxNav, callInboxApi, seriousViolations, signIn, storeLead } from './support/inbox.ts'

// The inbox's Funnel screen: first what it shows of the events the ingest took
// (the gates, the days, the CSV, under the style policy, on a phone), then how
// it compares sources and periods.

/**
 * A desktop browser's User-Agent, as the ingest counts it (not a robot, not
 * headless). The server tells visitors apart by address and User-Agent: the
 * same address with another User-Agent is another visitor.
 */
const browserOf = (visitor: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 visitor-${visitor}`

/** Sends a batch through the real ingest, as the landing page's sender does (text/plain, JSON inside). */
async function sendEvents(request: APIRequestContext, visitor: string, batch: EventBatch) {
  const response = await request.post(EVENTS_PATH, {
    data: JSON.stringify(batch),
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': browserOf(visitor) },
  })
  expect(response.status(), await response.text()).toBe(204)
}

const steps = (last: number) =>
  Array.from({ length: last }, (_unused, index) => ({ type: 'step_viewed' as const, step: index + 1 }))
const untilApply = [
  { type: 'page_view' },
  { type: 'results_viewed' },
  { type: 'countdown_finished' },
  { type: 'apply_clicked' },
] as const

/**
 * Three visitors from a source no other test uses: one who applies and opens
 * the booking page, one who leaves at step 3, one who only looks.
 */
async function sendThreeVisits(request: APIRequestContext, source: string) {
  const tag = source.slice(-8)
  await sendEvents(request, `${tag}-a`, { path: '/', source, events: [...untilApply, ...steps(STEP_COUNT)] })
  // A second batch of the same visit: the same visitor, counted once.
  await sendEvents(request, `${tag}-a`, {
    path: '/',
    source,
    events: [{ type: 'page_view' }, { type: 'submit_succeeded' }, { type: 'booking_opened' }],
  })
  await sendEvents(request, `${tag}-b`, { path: '/', source, events: [...untilApply, ...steps(3)] })
  await sendEvents(request, `${tag}-c`, { path: '/', source, events: [{ type: 'page_view' }] })
}

/** What the table should say for those visits: [label, visitors, drop-off, drop-off %], blanks where it has no figure. */
function expectedRows(): string[][] {
  const visitors: Record<string, number> = {
    visitors: 3,
    results_viewed: 2,
    countdown_finished: 2,
    apply_clicked: 2,
    submitted: 1,
    booking_opened: 1,
  }
  for (let step = 1; step <= STEP_COUNT; step++) visitors[`step-${step}`] = step <= 3 ? 2 : 1
  let before: number | undefined
  const gates = FUNNEL_STAGES.map((stage) => {
    const count = visitors[stage.id]!
    const row = [
      stage.label,
      String(count),
      before === undefined ? '' : String(before - count),
      before === undefined ? '' : `${(((before - count) / before) * 100).toFixed(1)}%`,
    ]
    before = count
    return row
  })
  // Then the stages counted from leads: these visits stored none (the events were sent, not an application).
  const leadStages = LEAD_STAGES.map((stage, index) => [stage.label, '0', index === 0 ? '' : '0', ''])
  return [...gates, ...leadStages]
}

/** A table's body as text, row by row; a cell without a figure (a dash, and words for screen readers) reads as blank. */
const tableRows = (table: Locator) =>
  table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) =>
      Array.from(row.children, (cell) => cell)
        .map((cell) => (cell.textContent ?? '').trim())
        .map((text) => (text.startsWith('–') ? '' : text)),
    ),
  )

const funnelTable = (page: Page) => page.getByRole('table', { name: /^Visitors at each step of the funnel/ })
const daysTable = (page: Page) =>
  page.getByRole('table', { name: /^Visitors, applications and conversion rate per day/ })

/** Collects what the Content-Security-Policy refuses, from the first script on. */
const watchPolicy = (page: Page) =>
  page.addInitScript(() => {
    const refused: string[] = []
    ;(window as unknown as { refused: string[] }).refused = refused
    document.addEventListener('securitypolicyviolation', (event) =>
      refused.push(`${event.effectiveDirective} ${event.blockedURI}`),
    )
  })
const refusedByPolicy = (page: Page) => page.evaluate(() => (window as unknown as { refused: string[] }).refused)

/** Opens Funnel from the navigation by keyboard and asks for one source of its choices. */
async function openFunnelFor(page: Page, source: string) {
  await inboxNav(page).getByRole('link', { name: 'Funnel' }).focus()
  await page.keyboard.press('Enter')
  const heading = page.getByRole('heading', { level: 1, name: 'Funnel' })
  await expect(heading).toBeFocused()
  // The source is a choice of the range's sources; Show, reached by keyboard, asks for it.
  await page.getByRole('combobox', { name: 'Source' }).selectOption(source)
  await page.getByRole('button', { name: 'Show', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`[?&]source=${source}`))
}

/** Page views from `visitors` visitors of a source, the first `applied` of whom the page saw apply. */
async function sendViews(request: APIRequestContext, source: string, visitors: number, applied: number) {
  for (let index = 0; index < visitors; index++) {
    const events: EventBatch['events'] =
      index < applied ? [{ type: 'page_view' }, { type: 'submit_succeeded' }] : [{ type: 'page_view' }]
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
    .evaluateAll((cells) =>
      cells.map((cell) => (cell.textContent ?? '').trim()).map((text) => (text.startsWith('–') ? '' : text)),
    )

const sourcesTable = (page: Page) =>
  page.getByRole('table', { name: /^Visitors, applications and booked calls per source/ })
const sourceRow = (page: Page, name: string) =>
  sourcesTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name }) })
const headline = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'This range against the one before' })
    .locator('dt', { hasText: label })
    .locator('+ dd')

/** A headline figure's change against the period before, as its second description. */
const change = (page: Page, label: string) => headline(page, label).locator('+ dd')

const today = utcDay()
const searchOf = (page: Page) => new URL(page.url()).searchParams

test.describe('the Funnel screen', () => {
  test('shows events sent through the ingest as a table, charts and a CSV that agree, with nothing refused and no axe violation', async ({
    page,
    request,
    browserConsole,
  }) => {
    const source = `e2e-funnel-${crypto.randomUUID().slice(0, 8)}`
    await sendThreeVisits(request, source)
    await watchPolicy(page)
    await signIn(page, browserConsole)
    await openFunnelFor(page, source)

    await expect.poll(() => tableRows(funnelTable(page))).toEqual(expectedRows())
    await page.getByText('Show the days as a table').click()
    const todayRow = daysTable(page)
      .getByRole('row')
      .filter({ has: page.locator(`time[datetime="${utcDay()}"]`) })
    await expect(todayRow.getByRole('cell')).toHaveText(['3', '1', '33.3%'])

    for (const name of [
      /^Bar chart of the visitors at each step/,
      /^Line chart of the visitors and applications per day/,
    ]) {
      const chart = page.getByRole('img', { name })
      await expect(chart).toBeVisible()
      await expect(chart.locator('canvas')).toBeVisible()
    }

    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download as CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^funnel-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/)
    const [header, ...rest] = parse(await readFile(await download.path()), { relax_column_count: true }) as string[][]
    expect(header).toEqual([...FUNNEL_CSV_COLUMNS])
    // The gates, up to the blank line before the sources and the days.
    const csvRows = rest.slice(
      0,
      rest.findIndex((row) => row.join('') === ''),
    )
    const table = await tableRows(funnelTable(page))
    expect(csvRows).toEqual(
      table.map(([label, visitors, dropOff, rate]) => [label, visitors, dropOff, rate!.replace(/%$/, '')]),
    )

    expect(await seriousViolations(page)).toEqual([])
    expect(await refusedByPolicy(page)).toEqual([])
  })

  test('draws the charts under a style policy without unsafe-inline: uPlot brings its stylesheet as a file and sets styles only through the DOM', async ({
    page,
    browserConsole,
  }) => {
    // The server's policy allows inline styles for the landing page's toasts; this holds the inbox's Funnel screen to a stricter one.
    await page.route(/\/admin\/funnel/, async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback()
      const response = await route.fetch()
      const policy = (response.headers()['content-security-policy'] ?? '').replace(
        /style-src [^;]*/,
        "style-src 'self'",
      )
      expect(policy).toContain("style-src 'self'")
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy } })
    })
    await watchPolicy(page)
    await signIn(page, browserConsole, '/admin/funnel')
    await expect(page.getByRole('heading', { level: 1, name: 'Funnel' })).toBeVisible()
    await expect(page.getByRole('img', { name: /^Bar chart/ }).locator('canvas')).toBeVisible()
    await expect(page.getByRole('img', { name: /^Line chart/ }).locator('canvas')).toBeVisible()
    // uPlot's own stylesheet applied: its wrapper is positioned as the file says.
    await expect(page.locator('.u-wrap').first()).toHaveCSS('position', 'relative')
    expect(await refusedByPolicy(page)).toEqual([])
  })

  test('a backwards range is caught on the screen, and refused by the API with 400', async ({
    page,
    browserConsole,
  }) => {
    await signIn(page, browserConsole, '/admin/funnel')
    await page.getByRole('textbox', { name: 'From', exact: true }).fill('2026-03-10')
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('2026-03-01')
    await page.getByRole('button', { name: 'Show' }).click()
    await expect(page.getByRole('alert')).toHaveText(/The range is backwards/)
    await expect(page.getByRole('textbox', { name: 'To', exact: true })).toHaveAttribute('aria-invalid', 'true')
    expect(await seriousViolations(page)).toEqual([])

    browserConsole.expectError(/status of 400/)
    const answer = await callInboxApi(page, 'GET', '/funnel?from=2026-03-10&to=2026-03-01')
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ message: expect.stringMatching(/backwards/) })

    // An address with such a range, bookmarked or typed, says so instead of showing figures.
    await page.goto('/admin/funnel?from=2026-03-10&to=2026-03-01')
    await expect(page.getByRole('alert')).toHaveText(/This range cannot be shown/)
    await expect(funnelTable(page)).toHaveCount(0)
  })

  test('fits a phone: nothing wider than the screen, the tables scroll within themselves', async ({
    page,
    browserConsole,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await signIn(page, browserConsole, '/admin/funnel')
    await expect(page.getByRole('img', { name: /^Bar chart/ }).locator('canvas')).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await expect(funnelTable(page)).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
})

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
    await expect(
      page.getByRole('img', { name: new RegExp(`^Line chart .*source ${own}`) }).locator('canvas'),
    ).toBeVisible()
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
      Array.from(
        document.querySelectorAll('main dd, main h2, main a, main summary, main [role="slider"], main [role="region"]'),
      )
        .filter((element) => !element.closest('[role="region"][tabindex]') || element.matches('[role="region"]'))
        .map((element) => ({ text: element.textContent?.slice(0, 40), box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.left < 0 || box.right > window.innerWidth))
        .map(({ text }) => text),
    )
    expect(outside).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
  })
})
