import {
  QUESTIONS,
  answerAndContinue,
  expectSubmittedToast,
  fillApplication,
  recordSubmissionPosts,
  storedApplications,
  uniqueAnswers,
  wizard,
} from './support/application.ts'
import { expect, test } from './support/fixtures.ts'
import { leadLink, leadRow, signIn, storeLead } from './support/inbox.ts'
import { applicationDialog, applyNowButton, openApplication } from './support/landing.ts'

const EMAIL_STEP = QUESTIONS.findIndex((question) => question.kind === 'email')
const SHAPE_MESSAGE = 'Please enter a valid email address, like name@example.com.'

test.describe('the email answer, as a visitor on a phone types it', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('an address without @ is refused on its step, saying why; a real one moves on', async ({ page }) => {
    const answers = uniqueAnswers()
    await openApplication(page)
    for (let step = 0; step < EMAIL_STEP; step++) await answerAndContinue(page, step, answers[QUESTIONS[step]!.key])
    const parts = wizard(page)
    const email = parts.field(EMAIL_STEP)
    await expect(email).toHaveAttribute('type', 'email')

    await email.fill('samrivera.gmail.com')
    await parts.next.click()
    await expect(parts.dialog.getByText(SHAPE_MESSAGE)).toBeVisible()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAccessibleDescription(new RegExp(SHAPE_MESSAGE.replace('.', '\\.')))
    await expect(parts.counter(EMAIL_STEP)).toBeVisible()

    // A name with the address, as a mail client copies it, is no address either.
    await email.fill('Sam Rivera <sam.rivera@gmail.com>')
    await email.press('Enter')
    await expect(parts.dialog.getByText(SHAPE_MESSAGE)).toBeVisible()
    await expect(parts.counter(EMAIL_STEP)).toBeVisible()

    await email.fill('sam.rivera@gmail.com')
    await expect(parts.dialog.getByText(SHAPE_MESSAGE)).toBeHidden()
    await parts.next.click()
    await expect(parts.counter(EMAIL_STEP + 1)).toBeVisible()
  })

  test('a reload after applying shows the booking link again, not the application; a second one is not sent', async ({
    page,
  }) => {
    const answers = uniqueAnswers()
    await openApplication(page)
    await fillApplication(page, answers)
    // The browser may open the booking tab; this test is about the page itself.
    page.context().on('page', (tab) => void tab.close())
    await wizard(page).submit.click()
    await expectSubmittedToast(page)
    const booking = page.getByRole('link', { name: 'Book your call' })
    const href = await booking.getAttribute('href')
    expect(href).toContain('email=')

    const posts = recordSubmissionPosts(page)
    await page.reload()
    await expect(page.getByRole('link', { name: 'Book your call' })).toHaveAttribute('href', href ?? '')
    await expect(page.getByText('Thank you! Your application is in.', { exact: false })).toBeVisible()
    await expect(applyNowButton(page)).toHaveCount(0)
    await expect(applicationDialog(page)).toHaveCount(0)
    expect(posts, 'nothing is sent again').toEqual([])
  })
})

test.describe('an email answer that is no address, in the inbox', () => {
  test('is stored as sent and shown as such, with no mail link, in the list and on the lead page', async ({
    page,
    request,
    browserConsole,
  }) => {
    const answers = { ...uniqueAnswers(), email: 'samrivera.gmail.com' }
    await storeLead(request, answers)
    const stored = await storedApplications(request, answers)
    expect(stored.map((row) => row.email)).toEqual(['samrivera.gmail.com'])

    await signIn(page, browserConsole, `/admin?q=${encodeURIComponent(answers.name.split(' ').at(-1) ?? '')}`)
    const row = leadRow(page, answers.name)
    await expect(row).toContainText('samrivera.gmail.com')
    await expect(row.getByText('not a valid address')).toBeVisible()

    await leadLink(page, answers.name).click()
    const contact = page.getByRole('definition').filter({ hasText: 'samrivera.gmail.com' })
    await expect(contact).toContainText('not a valid address')
    await expect(page.getByRole('link', { name: 'samrivera.gmail.com' })).toHaveCount(0)
    await expect(page.locator('a[href^="mailto:"]')).toHaveCount(0)
  })
})
