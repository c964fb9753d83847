import type { Page, Route } from '@playwright/test'
import { HONEYPOT_FIELD } from '../common/contact-submission.ts'
import { site } from '../src/content/site.ts'
import { UUID_V4 } from '../src/testing/uuid-v4.ts'
import {
  expectSubmittedToast,
  fillApplication,
  isSubmissionRequest,
  readSubmissions,
  sentRow,
  storedApplications,
  submissionFailedToast,
  taggedBy,
  uniqueAnswers,
  wizard,
} from './support/application.ts'
import { expect, test } from './support/fixtures.ts'
import { openApplication } from './support/landing.ts'

interface Attempt {
  at: number
  row: Record<string, unknown>
}

/** Routes the submission call through `handle`, recording every attempt as it arrives. */
async function interceptSubmissions(page: Page, handle: (route: Route, attempt: number) => Promise<void>) {
  const attempts: Attempt[] = []
  await page.route(isSubmissionRequest, async (route) => {
    attempts.push({ at: Date.now(), row: sentRow(route.request()) })
    await handle(route, attempts.length)
  })
  return attempts
}

const submissionIds = (attempts: readonly Attempt[]) => new Set(attempts.map(({ row }) => row.submission_id))

test.describe('retrying a submission', () => {
  test('two refused connections are retried 1 s and 2 s later, and the third try stores the application once', async ({
    page,
    request,
    browserConsole,
  }) => {
    browserConsole.expectError(/Failed to load resource: net::ERR_CONNECTION_REFUSED/)
    const answers = uniqueAnswers()
    const parts = wizard(page)
    await openApplication(page)
    await fillApplication(page, answers)

    const attempts = await interceptSubmissions(page, async (route, attempt) => {
      if (attempt <= 2) await route.abort('connectionrefused')
      else await route.continue()
    })
    await parts.submit.click()
    // Between the tries the visitor sees the form still sending, not an error.
    await expect(parts.submitting).toBeDisabled()
    await expectSubmittedToast(page)
    await expect(parts.dialog).toBeHidden()
    await expect(submissionFailedToast(page)).toHaveCount(0)

    expect(attempts).toHaveLength(3)
    const [first, second, third] = attempts.map(({ at }) => at)
    expect(second! - first!, 'the first retry waits about 1 s').toBeGreaterThanOrEqual(900)
    expect(third! - second!, 'the second retry waits about 2 s').toBeGreaterThanOrEqual(1_900)
    expect(submissionIds(attempts), 'every try carries the same submission_id').toEqual(
      new Set([attempts[0]?.row.submission_id]),
    )
    expect(attempts[0]?.row.submission_id).toMatch(UUID_V4)
    expect(attempts[0]?.row[HONEYPOT_FIELD], 'a person leaves the honeypot empty').toBe('')

    await expect.poll(async () => (await storedApplications(request, answers)).length).toBe(1)
    const [stored] = await storedApplications(request, answers)
    expect(stored).toMatchObject({ ...answers, submission_id: attempts[0]?.row.submission_id })
  })

  test('a request stored by the server whose answer got lost is retried and stored only once', async ({
    page,
    request,
    browserConsole,
  }) => {
    browserConsole.expectError(/Failed to load resource: net::ERR_CONNECTION_RESET/)
    // The retry's duplicate answer, which the page takes as success.
    browserConsole.expectError(/Failed to load resource: the server responded with a status of 409/)
    const answers = uniqueAnswers()
    const parts = wizard(page)
    await openApplication(page)
    await fillApplication(page, answers)

    const answered: { status: number; body: unknown }[] = []
    const attempts = await interceptSubmissions(page, async (route, attempt) => {
      // Every request reaches the real server; the first one's answer never reaches the page.
      const response = await route.fetch()
      answered.push({ status: response.status(), body: await response.json().catch(() => null) })
      if (attempt === 1) await route.abort('connectionreset')
      else await route.fulfill({ response })
    })
    await parts.submit.click()
    await expectSubmittedToast(page)
    await expect(parts.dialog).toBeHidden()
    await expect(submissionFailedToast(page)).toHaveCount(0)

    expect(attempts).toHaveLength(2)
    expect(submissionIds(attempts).size, 'the retry carries the same submission_id').toBe(1)
    expect(answered[0]?.status, 'the server stored the first request').toBe(201)
    expect(answered[1], 'the server refuses the repeat as a duplicate').toMatchObject({
      status: 409,
      body: { code: '23505' },
    })
    const stored = await storedApplications(request, answers)
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ ...answers, submission_id: attempts[0]?.row.submission_id })
  })
})

test.describe('the honeypot field', () => {
  const honeypot = (page: Page) => wizard(page).dialog.locator('input[name="_gotcha"]')

  test('is in the form, but out of sight, out of the accessibility tree and out of the Tab order', async ({ page }) => {
    await openApplication(page)
    const parts = wizard(page)
    await expect(honeypot(page)).toHaveCount(1)
    await expect(honeypot(page)).not.toBeInViewport()
    // Off to the left of the page, where no scrolling can bring it.
    const box = await honeypot(page).boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(0)

    await expect(parts.dialog.getByRole('textbox', { name: site.application.honeypotLabel })).toHaveCount(0)
    expect(await parts.dialog.ariaSnapshot()).not.toContain(site.application.honeypotLabel)

    await expect(parts.field(0)).toBeFocused()
    const isHoneypotFocused = () => honeypot(page).evaluate((input) => input === document.activeElement)
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let press = 0; press < 12; press += 1) {
        await page.keyboard.press(key)
        expect(await isHoneypotFocused(), `${key} × ${press + 1} lands elsewhere`).toBe(false)
      }
    }
  })

  test('a bot that fills it in is told its application went through, and it is kept as spam, not a lead', async ({
    page,
    request,
  }) => {
    await openApplication(page)
    const answers = uniqueAnswers()
    await fillApplication(page, answers)
    await honeypot(page).fill('https://spam.example')

    const sent = page.waitForRequest((candidate) => isSubmissionRequest(new URL(candidate.url())))
    await wizard(page).submit.click()
    expect(sentRow(await sent)[HONEYPOT_FIELD]).toBe('https://spam.example')
    await expectSubmittedToast(page)
    expect(await storedApplications(request, answers), 'an operator’s read shows leads only').toEqual([])
    expect(await readSubmissions(request, `select=*&spam=eq.true&${taggedBy(answers)}`)).toEqual([
      expect.objectContaining({ [HONEYPOT_FIELD]: 'https://spam.example', spam: true }),
    ])
  })
})
