import type { APIRequestContext, Locator, Page, Request } from '@playwright/test'
import { applicationForm, type ApplicationAnswers, type ApplicationForm } from '../../common/application-form.ts'
import type { Attribution } from '../../common/attribution.ts'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { SERVICE_ROLE_KEY } from './env.ts'
import { expect } from './fixtures.ts'
import { HEADLINE, applicationDialog, applyNowButton, skipCountdown } from './landing.ts'

export type Answers = ApplicationAnswers

/** The application's questions, in order: the page is found by their labels and placeholders. */
export const QUESTIONS: ApplicationForm = applicationForm

export const LAST_STEP = QUESTIONS.length - 1

const question = (step: number): ApplicationForm[number] => {
  const found = QUESTIONS[step]
  if (!found) throw new Error(`There is no question ${step + 1}`)
  return found
}

/** The application modal's parts, found as a visitor (or a screen reader) finds them. */
export function wizard(page: Page) {
  const dialog = applicationDialog(page)
  return {
    dialog,
    field: (step: number): Locator => dialog.getByRole('textbox', { name: question(step).label, exact: true }),
    counter: (step: number): Locator =>
      dialog.getByText(`Question ${step + 1} of ${QUESTIONS.length}`, { exact: true }),
    progress: dialog.getByRole('progressbar'),
    back: dialog.getByRole('button', { name: 'Back', exact: true }),
    next: dialog.getByRole('button', { name: 'Next', exact: true }),
    submit: dialog.getByRole('button', { name: 'Submit Application', exact: true }),
    submitting: dialog.getByRole('button', { name: 'Submitting...', exact: true }),
  }
}

/** Answers no other test uses, so rows read back from the database belong to this test. */
export function uniqueAnswers(): Answers {
  return validAnswers({}, { tag: `e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}` })
}

/** Answers the question on `step` and moves on with the Next button, checking the wizard got there. */
export async function answerAndContinue(page: Page, step: number, value: string): Promise<void> {
  const parts = wizard(page)
  await expect(parts.counter(step)).toBeVisible()
  await parts.field(step).fill(value)
  await parts.next.click()
  await expect(parts.counter(step + 1)).toBeVisible()
}

/** Answers every question with the Next button and fills in the last one, leaving it for the caller to submit. */
export async function fillApplication(page: Page, answers: Answers): Promise<void> {
  for (const [step, { key }] of QUESTIONS.entries()) {
    if (step === LAST_STEP) await wizard(page).field(step).fill(answers[key])
    else await answerAndContinue(page, step, answers[key])
  }
}

/** Walks back from the last question to the first, checking every answer is still there, then forward again. */
export async function expectAnswersKept(page: Page, answers: Answers): Promise<void> {
  const parts = wizard(page)
  for (let step = LAST_STEP; step >= 0; step -= 1) {
    await expect(parts.counter(step)).toBeVisible()
    await expect(parts.field(step)).toHaveValue(answers[question(step).key])
    if (step > 0) await parts.back.click()
  }
  await expect(parts.back).toBeDisabled()
  for (let step = 0; step < LAST_STEP; step += 1) {
    await parts.next.click()
    await expect(parts.field(step + 1)).toHaveValue(answers[question(step + 1).key])
  }
}

/**
 * A visible toast with this title and description, inside a live region so
 * screen readers announce it; a destructive one is sonner's error toast.
 */
export async function expectToast(
  page: Page,
  title: string,
  description: string,
  destructive: boolean,
): Promise<Locator> {
  const toast = page
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) })
    .first()
  await expect(toast).toBeVisible()
  await expect(toast).toContainText(description)
  await expect(page.locator('[aria-live="polite"], [aria-live="assertive"]').filter({ has: toast })).toHaveCount(1)
  if (destructive) await expect(toast).toHaveAttribute('data-type', 'error')
  else await expect(toast).not.toHaveAttribute('data-type', 'error')
  return toast
}

export const expectFieldRequiredToast = (page: Page) =>
  expectToast(page, 'Field Required', 'Please fill in this field before continuing.', true)

export const expectSubmissionFailedToast = (page: Page) =>
  expectToast(page, 'Submission Failed', 'There was an error submitting your application. Please try again.', true)

export const expectSubmittedToast = (page: Page) =>
  expectToast(page, 'Application Submitted!', 'Redirecting you to book a call with us...', false)

/** The submission call, whatever its query string. */
export const isSubmissionRequest = (url: URL) => url.pathname === CONTACT_SUBMISSIONS_PATH

/** Every POST of an application the page makes from now on, by URL, as they go out. */
export function recordSubmissionPosts(page: Page): string[] {
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && isSubmissionRequest(new URL(request.url()))) posts.push(request.url())
  })
  return posts
}

/** The row a submission request carries: the answers, its submission_id and the honeypot's value. */
export function sentRow(request: Request): Record<string, unknown> {
  const rows: unknown = request.postDataJSON()
  expect(Array.isArray(rows) && rows.length === 1, 'the page sends an array holding one row').toBe(true)
  return (rows as Record<string, unknown>[])[0]!
}

/**
 * Jumps the page's clock (installed by openLandingPage) over the pauses between
 * retries of a failed submission, until `target` shows. Small jumps, so a toast
 * that appears is seen before its own 4 s timer could dismiss it.
 */
export async function skipRetryWaits(page: Page, target: Locator): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward(1_000)
    await expect(target).toBeVisible({ timeout: 250 })
  }).toPass()
}

export const submissionFailedToast = (page: Page) =>
  page.getByRole('listitem').filter({ has: page.getByText('Submission Failed', { exact: true }) })

export interface SubmissionRow extends Answers {
  id: number
  submission_id: string
  _gotcha: string | null
  spam: boolean
  attribution: Attribution | null
}

/** Reads stored applications back through the server, with the service-role key, as an operator would. */
export async function readSubmissions(request: APIRequestContext, query: string): Promise<SubmissionRow[]> {
  const response = await request.get(`${CONTACT_SUBMISSIONS_PATH}?${query}`, {
    headers: { apikey: SERVICE_ROLE_KEY },
  })
  expect(response.status(), await response.text()).toBe(200)
  const rows: unknown = await response.json()
  expect(Array.isArray(rows), 'the server answers a JSON array').toBe(true)
  return rows as SubmissionRow[]
}

/**
 * The stored rows holding these answers, leads only (as an operator's read
 * without a spam filter), newest first. Every answer carries the test's tag; the
 * first is enough to tell its rows, and the server picks them: a read of the
 * newest rows could miss them once other tests have stored enough since.
 */
export async function storedApplications(request: APIRequestContext, answers: Answers): Promise<SubmissionRow[]> {
  return readSubmissions(request, `select=*&${taggedBy(answers)}&order=id.desc`)
}

/** A filter on the first answer, which carries the test's tag: `instagram=eq.…` with the stored (trimmed) value. */
export const taggedBy = (answers: Answers) => {
  const { key } = question(0)
  return `${key}=eq.${encodeURIComponent(answers[key].trim())}`
}

/** The answers as the server stores them: trimmed. */
export function trimmed(answers: Answers): Answers {
  return Object.fromEntries(Object.entries(answers).map(([field, value]) => [field, value.trim()])) as Answers
}

/** Opens the landing page at `path` as a visitor arriving from `referer` would, with Playwright's clock installed. */
export async function land(page: Page, path: string, referer?: string): Promise<void> {
  await page.clock.install()
  await page.goto(path, referer === undefined ? {} : { referer })
  await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible()
}

/** Waits out the countdown, applies, and waits for the page to say the application is in; resolves to the answers sent. */
export async function applyFromLanding(page: Page): Promise<Answers> {
  const answers = uniqueAnswers()
  await skipCountdown(page)
  await applyNowButton(page).click()
  await expect(applicationDialog(page)).toBeVisible()
  await fillApplication(page, answers)
  await wizard(page).submit.click()
  await expectSubmittedToast(page)
  return answers
}
