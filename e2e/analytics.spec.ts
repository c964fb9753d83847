import type { Browser } from '@playwright/test'
import { EVENTS_PATH } from '../common/analytics.ts'
import { expectStoredFunnel, flushEvents, recordEventBatches, sentEvents, uniqueSource } from './support/analytics.ts'
import {
  isSubmissionRequest,
  QUESTIONS,
  expectSubmissionFailedToast,
  expectSubmittedToast,
  fillApplication,
  uniqueAnswers,
  wizard,
} from './support/application.ts'
import { expect, test } from './support/fixtures.ts'
import { HEADLINE, applicationDialog, applyNowButton, skipCountdown } from './support/landing.ts'

const steps = QUESTIONS.flatMap((_question, index) => [`step_viewed:${index + 1}`, `step_completed:${index + 1}`])

test('a visit through every gate sends each event once, in order, in text/plain batches without a cookie', async ({
  page,
  context,
  browser,
  browserConsole,
}) => {
  // A source of its own, so the stored funnel read back below holds this visit only.
  const source = uniqueSource()
  const sent = recordEventBatches(page)
  await page.clock.install()
  await page.goto(`/?utm_source=${source}`)
  await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible()

  const carousel = page.getByRole('region', { name: 'Result screenshots' })
  await carousel.scrollIntoViewIfNeeded()
  const next = carousel.getByRole('button', { name: 'Next slide' })
  await expect(next).toBeEnabled()
  await next.click()
  await next.click()
  // Switching tabs sends what happened so far; nothing is sent twice.
  await flushEvents(page, sent, 3)
  expect(sentEvents(sent)).toEqual(['page_view', 'results_viewed', 'results_navigated'])

  await skipCountdown(page)
  await applyNowButton(page).click()
  await expect(applicationDialog(page)).toBeVisible()
  await fillApplication(page, uniqueAnswers())

  // The server refuses the first try, so the visitor sends it again.
  await page.route(
    isSubmissionRequest,
    (route) => route.fulfill({ status: 400, json: { message: 'refused for the test' } }),
    { times: 1 },
  )
  browserConsole.expectError(/status of 400|Application submission failed/)
  await wizard(page).submit.click()
  await expectSubmissionFailedToast(page)
  await wizard(page).submit.click()
  await expectSubmittedToast(page)

  const bookingTab = context.waitForEvent('page')
  await (await bookingTab).waitForLoadState()
  const linkTab = context.waitForEvent('page')
  await page.getByRole('link', { name: 'Book your call' }).click()
  await (await linkTab).waitForLoadState()

  const expected = [
    'page_view',
    'results_viewed',
    'results_navigated',
    'countdown_finished',
    'apply_clicked',
    ...steps,
    'submit_failed',
    `step_completed:${QUESTIONS.length}`,
    'submit_succeeded',
    'booking_opened',
    'booking_link_clicked',
  ]
  await page.bringToFront()
  await flushEvents(page, sent, expected.length)
  expect(sentEvents(sent)).toEqual(expected)

  for (const { batch, contentType, allHeaders } of sent) {
    expect(batch.path).toBe('/')
    expect(batch.source).toBe(source)
    expect(contentType).toMatch(/^text\/plain\b/)
    expect(Object.keys(await allHeaders)).not.toContain('cookie')
  }
  expect(await context.cookies(), 'the landing page sets no cookie').toEqual([])
  const kept = await page.evaluate(() => Object.keys(localStorage).sort())
  expect(kept, 'nothing but the attribution and that the countdown ran out').toEqual([
    'attribution.first_touch',
    'attribution.last_touch',
    'countdown.finished_at',
  ])
  // The tab's own memory that it applied (so a reload offers the booking, not the application), and nothing else.
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual(['application.applied'])

  // The server stored them: the inbox's funnel for this source counts one visitor at every gate.
  await expectStoredFunnel(browser, browserConsole, source, [
    'visitors=1',
    'results_viewed=1',
    'countdown_finished=1',
    'apply_clicked=1',
    ...QUESTIONS.map((_question, index) => `step-${index + 1}=1`),
    'submitted=1',
    'booking_opened=1',
  ])
})

test('leaving the page sends what it has not sent yet', async ({ page, browser, browserConsole }) => {
  const source = uniqueSource()
  const sent = recordEventBatches(page)
  await page.clock.install()
  await page.goto(`/?utm_source=${source}`)
  await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible()
  // The page view went out: the sender has started, and holds what comes next.
  await flushEvents(page, sent, 1)

  await skipCountdown(page)
  await applyNowButton(page).click()
  await expect(applicationDialog(page)).toBeVisible()
  // Nothing hid the page since: those events are still waiting, until the reload unloads it.
  // Playwright does not report a beacon sent while unloading, so the server is asked.
  await page.reload()
  await expectStoredFunnel(browser, browserConsole, source, ['visitors=1', 'countdown_finished=1', 'apply_clicked=1'])
})

test('a browser that sends Sec-GPC, and a robot, are not counted; the same visit from a plain browser is', async ({
  browser,
  browserConsole,
}) => {
  const visit = async (source: string, options: Parameters<Browser['newContext']>[0]) => {
    const context = await browser.newContext(options)
    try {
      const page = await context.newPage()
      await page.goto(`/?utm_source=${source}`)
      await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible()
      const sent = recordEventBatches(page)
      const answered = page.waitForResponse((response) => new URL(response.url()).pathname === EVENTS_PATH)
      await flushEvents(page, sent, 1)
      // Answered like any other batch: a sender learns nothing from the answer.
      expect((await answered).status()).toBe(204)
    } finally {
      await context.close()
    }
  }
  const withGpc = uniqueSource()
  const robot = uniqueSource()
  const plain = uniqueSource()
  await visit(withGpc, { extraHTTPHeaders: { 'Sec-GPC': '1' } })
  await visit(robot, { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })
  await visit(plain, {})
  // The plain visit, sent last, is counted; the two before it were answered first and stored nothing.
  await expectStoredFunnel(browser, browserConsole, plain, ['visitors=1'])
  await expectStoredFunnel(browser, browserConsole, withGpc, ['visitors=0'])
  await expectStoredFunnel(browser, browserConsole, robot, ['visitors=0'])
})
