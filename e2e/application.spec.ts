import type { Page } from '@playwright/test'
import { FIELD_MAX_LENGTH } from '../common/application-form.ts'
import { site } from '../src/content/site.ts'
import {
  LAST_STEP,
  QUESTIONS,
  answerAndContinue,
  expectAnswersKept,
  expectFieldRequiredToast,
  expectSubmissionFailedToast,
  expectSubmittedToast,
  fillApplication,
  isSubmissionRequest,
  readSubmissions,
  recordSubmissionPosts,
  sentRow,
  skipRetryWaits,
  storedApplications,
  submissionFailedToast,
  trimmed,
  uniqueAnswers,
  wizard,
} from './support/application.ts'
import { expect, test } from './support/fixtures.ts'
import { applicationDialog, applyNowButton, openApplication } from './support/landing.ts'

/** The width of the progress bar's filled part over the bar's full width. */
function progressFraction(page: Page): Promise<number> {
  return wizard(page).progress.evaluate((bar) => {
    const fill = bar.firstElementChild
    return fill ? fill.getBoundingClientRect().width / bar.getBoundingClientRect().width : 0
  })
}

test.describe('application modal', () => {
  test('opens from Apply Now with the focus inside; Escape closes it and the focus returns', async ({ page }) => {
    await openApplication(page)
    const dialog = applicationDialog(page)
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(applyNowButton(page)).toBeFocused()
  })

  test('is at most 600 px wide and 80% of the viewport high, and scrolls inside', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 360 })
    await openApplication(page)
    const dialog = applicationDialog(page)
    const box = await dialog.boundingBox()
    expect(box?.width).toBeLessThanOrEqual(600)
    expect(box?.height).toBeLessThanOrEqual(0.8 * 360 + 0.5)

    const scrolled = await dialog.evaluate((element) => {
      const scroller = [element, ...Array.from(element.querySelectorAll('*'))].find((candidate) => {
        const { overflowY } = getComputedStyle(candidate)
        return (overflowY === 'auto' || overflowY === 'scroll') && candidate.scrollHeight > candidate.clientHeight + 1
      })
      if (!scroller) return false
      scroller.scrollTop = scroller.scrollHeight
      return scroller.scrollTop > 0
    })
    expect(scrolled, 'some part of the dialog scrolls its overflowing content').toBe(true)
  })
})

test.describe('application wizard', () => {
  test.beforeEach(async ({ page }) => {
    await openApplication(page)
  })

  test('asks the questions in order, with labels, placeholders, controls and progress', async ({ page }) => {
    const parts = wizard(page)
    const answers = uniqueAnswers()
    await expect(parts.back).toBeDisabled()
    for (const [step, { key, label, placeholder, kind }] of QUESTIONS.entries()) {
      await expect(parts.counter(step)).toBeVisible()
      await expect(parts.progress).toHaveAttribute('aria-valuenow', String(step + 1))
      await expect(parts.progress).toHaveAttribute('aria-valuemax', String(QUESTIONS.length))
      await expect.poll(() => progressFraction(page)).toBeCloseTo((step + 1) / QUESTIONS.length, 2)

      const input = parts.field(step)
      await expect(input).toBeVisible()
      await expect(input).toBeFocused()
      await expect(input).toHaveAttribute('placeholder', placeholder)
      expect(await input.evaluate((element) => element.tagName.toLowerCase())).toBe(
        kind === 'long-text' ? 'textarea' : 'input',
      )
      if (kind !== 'long-text') await expect(input).toHaveAttribute('type', kind)
      expect(await input.evaluate((element) => (element as HTMLInputElement).required), `${label} is required`).toBe(
        true,
      )
      // The label ends in an asterisk that screen readers skip (the accessible name is the bare label).
      const id = await input.getAttribute('id')
      await expect(parts.dialog.locator(`label[for="${id}"]`)).toHaveText(new RegExp(`^${label}\\s*\\*$`))

      if (step === LAST_STEP) {
        await expect(parts.next).toHaveCount(0)
        await expect(parts.submit).toBeEnabled()
      } else {
        await expect(parts.submit).toHaveCount(0)
        await answerAndContinue(page, step, answers[key])
        await expect(parts.back).toBeEnabled()
      }
    }
  })

  test('keeps the answers while going back and forth', async ({ page }) => {
    const answers = uniqueAnswers()
    await fillApplication(page, answers)
    await expectAnswersKept(page, answers)
  })

  test('rejects a blank or whitespace-only answer and stays on the question', async ({ page }) => {
    const parts = wizard(page)
    await parts.next.click()
    await expectFieldRequiredToast(page)
    await expect(parts.counter(0)).toBeVisible()

    await parts.field(0).fill('   \t ')
    await parts.field(0).press('Enter')
    await expectFieldRequiredToast(page)
    await expect(parts.counter(0)).toBeVisible()

    const answers = uniqueAnswers()
    await fillApplication(page, answers)
    const posts = recordSubmissionPosts(page)
    await parts.field(LAST_STEP).fill('  \n  ')
    await parts.submit.click()
    await expectFieldRequiredToast(page)
    await expect(parts.counter(LAST_STEP)).toBeVisible()
    expect(posts, 'nothing is sent while an answer is blank').toEqual([])
  })

  test('a toast closes by its own button, and the application stays open', async ({ page }) => {
    const parts = wizard(page)
    await parts.next.click()
    const toast = await expectFieldRequiredToast(page)
    await toast.getByRole('button', { name: 'Close toast' }).click()
    await expect(toast).toBeHidden()
    await expect(parts.dialog).toBeVisible()
    await expect(parts.field(0)).toHaveValue('')
  })

  test('shows Field Required again when asked while the closed one is still leaving', async ({ page }) => {
    const parts = wizard(page)
    // With time stopped, the second Next lands inside the closed toast's exit animation.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000)
    await parts.next.click()
    await page.clock.runFor(100)
    const toast = await expectFieldRequiredToast(page)
    await toast.getByRole('button', { name: 'Close toast' }).click()
    await parts.next.click()
    await page.clock.runFor(1_000)
    await expectFieldRequiredToast(page)
    await expect(page.getByRole('listitem').filter({ hasText: 'Field Required' })).toHaveCount(1)
  })

  test('Enter moves on; in the last question Shift+Enter starts a new line', async ({ page }) => {
    const parts = wizard(page)
    const answers = uniqueAnswers()
    for (const [step, { key }] of QUESTIONS.entries()) {
      if (step === LAST_STEP) break
      await parts.field(step).fill(answers[key])
      await parts.field(step).press('Enter')
      await expect(parts.counter(step + 1)).toBeVisible()
    }
    const longAnswer = parts.field(LAST_STEP)
    // Enter does not add a line to a blank answer: it tries to submit, which is refused.
    await longAnswer.press('Enter')
    await expectFieldRequiredToast(page)
    await expect(longAnswer).toHaveValue('')
    await longAnswer.pressSequentially('First line')
    await longAnswer.press('Shift+Enter')
    await longAnswer.pressSequentially('second line')
    await expect(longAnswer).toHaveValue('First line\nsecond line')
    await expect(parts.counter(LAST_STEP)).toBeVisible()
  })
})

test.describe('submitting the application', () => {
  test('stores the answers, closes the modal and opens the booking page 2 seconds later', async ({
    page,
    context,
    request,
  }) => {
    const answers = uniqueAnswers()
    // Spaces around one answer, which is stored trimmed, and a second line in the last, which is kept.
    const { key: last } = QUESTIONS[LAST_STEP]!
    const typed = { ...answers, name: `  ${answers.name}  `, [last]: `${answers[last]}\nand keeping them` }
    await openApplication(page)
    await fillApplication(page, typed)

    // Hold the request until the button has been seen in its sending state.
    let release: (() => void) | undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(isSubmissionRequest, async (route) => {
      await held
      await route.continue()
    })
    await wizard(page).submit.click()
    await expect(wizard(page).submitting).toBeDisabled()
    await expect(wizard(page).submit).toHaveCount(0)

    const bookingTab = context.waitForEvent('page')
    release?.()
    const submittedAt = Date.now()
    await expectSubmittedToast(page)
    await expect(applicationDialog(page)).toBeHidden()

    const tab = await bookingTab
    expect(Date.now() - submittedAt, 'the booking tab opens about 2 s after the submission').toBeGreaterThan(1_500)
    await tab.waitForLoadState()
    const opened = new URL(tab.url())
    expect(`${opened.origin}${opened.pathname}`).toBe(site.bookingUrl)
    await expect(tab).toHaveTitle('Booking')

    // The way on when a browser blocks the tab.
    await expect(page.getByRole('link', { name: 'Book your call' })).toHaveAttribute('href', tab.url())

    const [latest] = await readSubmissions(request, 'select=*&order=id.desc&limit=1')
    expect(latest, 'the newest stored application').toBeDefined()
    const stored = await storedApplications(request, answers)
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject(trimmed(typed))
  })

  const failures = [
    {
      name: 'the server answers an error',
      block: (page: Page) =>
        page.route(isSubmissionRequest, async (route) => {
          // A name longer than the column allows: the real server refuses the insert
          // (400, 23514), and a 400 is not retried.
          const row = sentRow(route.request())
          const tooLong = 'x'.repeat(FIELD_MAX_LENGTH.name + 1)
          await route.continue({ postData: JSON.stringify([{ ...row, name: tooLong }]) })
        }),
      networkError: /Failed to load resource: the server responded with a status of 400/,
      serverAnswer: { status: 400, code: '23514' },
      attempts: 1,
    },
    {
      name: 'the server does not answer, even after three retries',
      block: (page: Page) => page.route(isSubmissionRequest, (route) => route.abort('connectionrefused')),
      networkError: /Failed to load resource: net::ERR_CONNECTION_REFUSED/,
      serverAnswer: undefined,
      attempts: 4,
    },
  ]

  for (const failure of failures) {
    test(`keeps the modal open with every answer when ${failure.name}, and a retry stores one row`, async ({
      page,
      request,
      browserConsole,
    }) => {
      browserConsole.expectError(failure.networkError)
      browserConsole.expectError(/submi(t|ssion)/i)
      const answers = uniqueAnswers()
      const parts = wizard(page)
      await openApplication(page)
      await fillApplication(page, answers)

      const sent = recordSubmissionPosts(page)
      await failure.block(page)
      const answered =
        failure.serverAnswer && page.waitForResponse((response) => isSubmissionRequest(new URL(response.url())))
      await parts.submit.click()
      if (failure.attempts > 1) await skipRetryWaits(page, submissionFailedToast(page))
      await expectSubmissionFailedToast(page)
      expect(sent, 'requests made before giving up').toHaveLength(failure.attempts)
      if (answered && failure.serverAnswer) {
        const response = await answered
        expect(response.status()).toBe(failure.serverAnswer.status)
        expect(await response.json()).toMatchObject({ code: failure.serverAnswer.code })
      }
      await expect(parts.submit).toBeEnabled()
      await expect(parts.dialog).toBeVisible()
      await expect(parts.counter(LAST_STEP)).toBeVisible()
      const appErrors = () =>
        browserConsole
          .messages()
          .filter((message) => message.type === 'error' && !message.text.startsWith('Failed to load resource'))
      await expect.poll(() => appErrors().length, 'the page logs the failure with console.error').toBeGreaterThan(0)
      expect(await storedApplications(request, answers)).toEqual([])

      await expectAnswersKept(page, answers)

      await page.unrouteAll()
      await parts.submit.click()
      await expectSubmittedToast(page)
      await expect(parts.dialog).toBeHidden()
      await expect.poll(async () => (await storedApplications(request, answers)).length).toBe(1)
      expect((await storedApplications(request, answers))[0]).toMatchObject(answers)
    })
  }
})
