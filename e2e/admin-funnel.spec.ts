import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { parse } from 'csv-parse/sync'
import { FUNNEL_CSV_COLUMNS } from '../common/funnel-api.ts'
import { EVENTS_PATH, type EventBatch } from '../common/analytics.ts'
import { FUNNEL_STAGES, LEAD_STAGES, STEP_COUNT } from '../common/funnel.ts'
import { adminNav, callAdminApi, seriousViolations, signIn } from './support/admin.ts'
import { expect, test } from './support/fixtures.ts'

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

const steps = (last: number) => Array.from({ length: last }, (_unused, index) => ({ type: 'step_viewed' as const, step: index + 1 }))
const untilApply = [{ type: 'page_view' }, { type: 'results_viewed' }, { type: 'countdown_finished' }, { type: 'apply_clicked' }] as const

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
const daysTable = (page: Page) => page.getByRole('table', { name: /^Visitors, applications and conversion rate per day/ })

/** Collects what the Content-Security-Policy refuses, from the first script on. */
const watchPolicy = (page: Page) =>
  page.addInitScript(() => {
    const refused: string[] = []
    ;(window as unknown as { refused: string[] }).refused = refused
    document.addEventListener('securitypolicyviolation', (event) => refused.push(`${event.effectiveDirective} ${event.blockedURI}`))
  })
const refusedByPolicy = (page: Page) => page.evaluate(() => (window as unknown as { refused: string[] }).refused)

const today = () => new Date().toISOString().slice(0, 10)

/** Opens Funnel from the navigation by keyboard and asks for one source by keyboard. */
async function openFunnelFor(page: Page, source: string) {
  await adminNav(page).getByRole('link', { name: 'Funnel' }).focus()
  await page.keyboard.press('Enter')
  const heading = page.getByRole('heading', { level: 1, name: 'Funnel' })
  await expect(heading).toBeFocused()
  await page.getByRole('combobox', { name: 'Source' }).focus()
  await page.keyboard.type(source)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`[?&]source=${source}`))
}

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
      .filter({ has: page.locator(`time[datetime="${today()}"]`) })
    await expect(todayRow.getByRole('cell')).toHaveText(['3', '1', '33.3%'])

    for (const name of [/^Bar chart of the visitors at each step/, /^Line chart of the visitors and applications per day/]) {
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
    expect(csvRows).toEqual(table.map(([label, visitors, dropOff, rate]) => [label, visitors, dropOff, rate!.replace(/%$/, '')]))

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
      const policy = (response.headers()['content-security-policy'] ?? '').replace(/style-src [^;]*/, "style-src 'self'")
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

  test('a backwards range is caught on the screen, and refused by the API with 400', async ({ page, browserConsole }) => {
    await signIn(page, browserConsole, '/admin/funnel')
    await page.getByRole('textbox', { name: 'From', exact: true }).fill('2026-03-10')
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('2026-03-01')
    await page.getByRole('button', { name: 'Show' }).click()
    await expect(page.getByRole('alert')).toHaveText(/The range is backwards/)
    await expect(page.getByRole('textbox', { name: 'To', exact: true })).toHaveAttribute('aria-invalid', 'true')
    expect(await seriousViolations(page)).toEqual([])

    browserConsole.expectError(/status of 400/)
    const answer = await callAdminApi(page, 'GET', '/funnel?from=2026-03-10&to=2026-03-01')
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ message: expect.stringMatching(/backwards/) })

    // An address with such a range, bookmarked or typed, says so instead of showing figures.
    await page.goto('/admin/funnel?from=2026-03-10&to=2026-03-01')
    await expect(page.getByRole('alert')).toHaveText(/This range cannot be shown/)
    await expect(funnelTable(page)).toHaveCount(0)
  })

  test('fits a phone: nothing wider than the screen, the tables scroll within themselves', async ({ page, browserConsole }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await signIn(page, browserConsole, '/admin/funnel')
    await expect(page.getByRole('img', { name: /^Bar chart/ }).locator('canvas')).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await expect(funnelTable(page)).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
})
