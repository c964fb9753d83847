import type { Page } from '@playwright/test'
import {
  LAST_STEP,
  QUESTIONS,
  answerAndContinue,
  expectSubmittedToast,
  fillApplication,
  isSubmissionRequest,
  sentRow,
  storedApplications,
  uniqueAnswers,
  wizard,
} from './support/application.ts'
import { expect, test } from './support/fixtures.ts'
import { applicationDialog, applyNowButton, countdownTimer, openApplication } from './support/landing.ts'

const DRAFT_KEY = 'application.draft'
const draft = (page: Page) => page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)

/** Reloads the page: a visitor who has waited out the countdown once finds Apply Now at once. */
async function reloadAndApply(page: Page) {
  await page.reload()
  await expect(applyNowButton(page)).toBeVisible()
  await expect(countdownTimer(page)).toHaveText('0:00')
  await applyNowButton(page).click()
  await expect(applicationDialog(page)).toBeVisible()
}

test.describe('saved answers', () => {
  test('a reload in the middle of the application finds every answer in place, on the same question', async ({
    page,
  }) => {
    const answers = uniqueAnswers()
    const parts = wizard(page)
    await openApplication(page)
    await expect(parts.dialog.getByText('Your answers are saved on this device until you send them.')).toBeVisible()
    for (let step = 0; step < 3; step += 1) await answerAndContinue(page, step, answers[QUESTIONS[step]!.key])
    await parts.field(3).fill('+44 20')

    await reloadAndApply(page)
    await expect(parts.counter(3)).toBeVisible()
    await expect(parts.field(3)).toHaveValue('+44 20')
    await expect(parts.field(3)).toBeFocused()
    for (let step = 2; step >= 0; step -= 1) {
      await parts.back.click()
      await expect(parts.field(step)).toHaveValue(answers[QUESTIONS[step]!.key])
    }
    // What is kept is what was typed: no identifier, and never the honeypot.
    const kept = JSON.parse((await draft(page)) ?? 'null') as { answers: Record<string, string>; submissionId: unknown }
    expect(Object.keys(kept.answers).sort()).toEqual(
      QUESTIONS.slice(0, 4)
        .map(({ key }) => key)
        .sort(),
    )
    expect(kept.submissionId).toBeNull()
  })

  test('Start over clears the answers, on the device too', async ({ page }) => {
    const answers = uniqueAnswers()
    const parts = wizard(page)
    await openApplication(page)
    await answerAndContinue(page, 0, answers[QUESTIONS[0]!.key])
    await parts.field(1).fill(answers[QUESTIONS[1]!.key])
    await parts.dialog.getByRole('button', { name: 'Start over' }).click()
    await expect(parts.counter(0)).toBeVisible()
    await expect(parts.field(0)).toHaveValue('')
    await expect(parts.field(0)).toBeFocused()
    expect(await draft(page)).toBeNull()

    await reloadAndApply(page)
    await expect(parts.counter(0)).toBeVisible()
    await expect(parts.field(0)).toHaveValue('')
  })

  test('a stored application leaves no draft on the device: another tab starts blank', async ({ page, context }) => {
    await openApplication(page)
    await fillApplication(page, uniqueAnswers())
    await wizard(page).submit.click()
    await expectSubmittedToast(page)
    expect(await draft(page)).toBeNull()

    // This tab keeps only its way to the booking page, for its session (email-answers.spec.ts reloads it).
    const other = await context.newPage()
    await other.goto('/')
    await expect(applyNowButton(other)).toBeVisible()
    await applyNowButton(other).click()
    await expect(applicationDialog(other)).toBeVisible()
    await expect(wizard(other).counter(0)).toBeVisible()
    await expect(wizard(other).field(0)).toHaveValue('')
  })

  test('a reload during a slow submit sends the same application again, and it is stored once', async ({
    page,
    request,
    browserConsole,
  }) => {
    const answers = uniqueAnswers()
    await openApplication(page)
    await fillApplication(page, answers)
    // The server stores the first request, but its answer never reaches the page.
    let reachedServer: () => void = () => undefined
    const stored = new Promise<void>((resolve) => (reachedServer = resolve))
    await page.route(
      isSubmissionRequest,
      async (route) => {
        await route.fetch()
        reachedServer()
      },
      { times: 1 },
    )
    const first = page.waitForRequest((candidate) => isSubmissionRequest(new URL(candidate.url())))
    await wizard(page).submit.click()
    await expect(wizard(page).submitting).toBeVisible()
    const firstId = sentRow(await first).submission_id
    await stored

    await reloadAndApply(page)
    await expect(wizard(page).counter(LAST_STEP)).toBeVisible()
    const again = page.waitForRequest((candidate) => isSubmissionRequest(new URL(candidate.url())))
    // The server knows this submission_id: 409, which the page takes as stored.
    browserConsole.expectError(/status of 409/)
    await wizard(page).submit.click()
    expect(sentRow(await again).submission_id).toBe(firstId)
    await expectSubmittedToast(page)
    expect(await storedApplications(request, answers)).toHaveLength(1)
    expect(await draft(page)).toBeNull()
  })

  test('a second tab sees the answers typed in the first, and neither loses the other’s', async ({ page, context }) => {
    const answers = uniqueAnswers()
    await openApplication(page)
    const other = await context.newPage()
    await other.goto('/')
    await applyNowButton(other).click()
    await wizard(page).field(0).fill(answers[QUESTIONS[0]!.key])
    await expect(wizard(other).field(0)).toHaveValue(answers[QUESTIONS[0]!.key])
    await wizard(other).next.click()
    await wizard(other).field(1).fill(answers[QUESTIONS[1]!.key])

    // The question last shown in either tab is where the application opens.
    await reloadAndApply(page)
    await expect(wizard(page).counter(1)).toBeVisible()
    await expect(wizard(page).field(1)).toHaveValue(answers[QUESTIONS[1]!.key])
    await wizard(page).back.click()
    await expect(wizard(page).field(0)).toHaveValue(answers[QUESTIONS[0]!.key])
  })
})
