import type { Page } from '@playwright/test'
import { Webhook } from 'standardwebhooks'
import { applicationForm } from '../common/application-form.ts'
import { HONEYPOT_FIELD } from '../common/contact-submission.ts'
import { emailHeader, emailPart } from '../server/testing/email-message.ts'
import { site } from '../src/content/site.ts'
import {
  expectSubmittedToast,
  fillApplication,
  readSubmissions,
  storedApplications,
  taggedBy,
  trimmed,
  uniqueAnswers,
  wizard,
  type Answers,
} from './support/application.ts'
import { expect, test } from './support/fixtures.ts'
import { HEADLINE, applicationDialog, applyNowButton, openApplication, skipCountdown } from './support/landing.ts'
import {
  LEAD_EMAIL_FROM,
  LEAD_EMAIL_TO,
  leadInbox,
  receivedLeads,
  type ReceivedEmail,
  type ReceivedWebhook,
} from './support/lead-inbox.ts'

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

// The server looks at its outbox twice a second; a lead is announced about a second after its 201.
const ANNOUNCED_WITHIN = { timeout: 15_000 }

/** Lands from an Instagram ad, applies with `answers`, and returns the booking tab the page opens. */
async function applyFromInstagramAd(page: Page, answers: Answers) {
  await page.clock.install()
  await page.goto('/?utm_source=ig&utm_campaign=launch&fbclid=abc')
  await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible()
  await skipCountdown(page)
  await applyNowButton(page).click()
  await expect(applicationDialog(page)).toBeVisible()
  await fillApplication(page, answers)
  const bookingTab = page.context().waitForEvent('page')
  await wizard(page).submit.click()
  await expectSubmittedToast(page)
  const tab = await bookingTab
  await tab.waitForLoadState()
  return tab
}

const webhooksOf = (webhooks: ReceivedWebhook[], submissionId: string) =>
  webhooks.filter(
    (webhook) =>
      (JSON.parse(webhook.body) as { data?: { submission_id?: string } }).data?.submission_id === submissionId,
  )

const emailsOf = (emails: ReceivedEmail[], answers: Answers) =>
  emails.filter((email) => emailHeader(email.raw, 'Subject') === `New application: ${answers.name.trim()}`)

const asIsoTime = (value: unknown) => new Date(String(value)).toISOString()

test.describe('hearing of each lead', () => {
  test('a visitor from an Instagram ad applies: the lead keeps its source, reaches the webhook and the inbox, and the booking page is prefilled', async ({
    page,
    request,
  }) => {
    const base = uniqueAnswers()
    // Markup in an answer: the email's HTML must show it as text.
    const hostile = '<script>alert("x")</script> & <b>bold</b>'
    const answers = { ...base, business: `${hostile} ${base.business}` }
    const tab = await applyFromInstagramAd(page, answers)

    const [row] = await storedApplications(request, answers)
    if (!row) throw new Error('the application is not stored')
    const touch = {
      utm_source: 'ig',
      utm_campaign: 'launch',
      fbclid: 'abc',
      landing_path: '/',
      captured_at: expect.stringMatching(ISO_TIME),
    }
    expect(row.attribution).toEqual({ first_touch: touch, last_touch: touch })

    let webhooks: ReceivedWebhook[] = []
    await expect
      .poll(
        async () => (webhooks = webhooksOf((await receivedLeads()).webhooks, row.submission_id)).length,
        ANNOUNCED_WITHIN,
      )
      .toBe(1)
    const [webhook] = webhooks
    if (!webhook) throw new Error('no webhook')
    expect(webhook.verified, "the receiver's standardwebhooks check").toBe(true)
    expect(webhook.headers['content-type']).toBe('application/json')
    expect(webhook.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/)
    const createdAt = asIsoTime((row as unknown as { created_at: unknown }).created_at)
    expect(new Webhook(leadInbox().webhookSecret).verify(webhook.body, webhook.headers)).toEqual({
      type: 'application.created',
      timestamp: createdAt,
      data: {
        id: row.id,
        submission_id: row.submission_id,
        created_at: createdAt,
        answers: trimmed(answers),
        attribution: row.attribution,
      },
    })

    let emails: ReceivedEmail[] = []
    await expect
      .poll(async () => (emails = emailsOf((await receivedLeads()).emails, answers)).length, ANNOUNCED_WITHIN)
      .toBe(1)
    const [email] = emails
    if (!email) throw new Error('no email')
    expect(email.from).toBe(LEAD_EMAIL_FROM)
    expect(email.to).toEqual([LEAD_EMAIL_TO])
    const text = emailPart(email.raw, 'text/plain')
    for (const field of applicationForm) expect(text).toContain(`${field.label}:\n${trimmed(answers)[field.key]}\n`)
    expect(text).toContain(`Application #${row.id}`)
    expect(text).toContain('"utm_source": "ig"')
    const html = emailPart(email.raw, 'text/html')
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;')
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<b>bold')
    expect(html).toContain(trimmed(answers).email)

    const booking = new URL(tab.url())
    expect(`${booking.origin}${booking.pathname}`).toBe(site.bookingUrl)
    expect(Object.fromEntries(booking.searchParams)).toMatchObject({
      name: answers.name.trim(),
      email: answers.email.trim(),
      utm_source: 'ig',
      utm_campaign: 'launch',
      salesforce_uuid: row.submission_id,
    })
    await expect(page.getByRole('link', { name: 'Book your call' })).toHaveAttribute('href', tab.url())
  })

  test('an application a bot sends through the hidden field is announced to nobody', async ({
    page,
    context,
    request,
  }) => {
    const bot = uniqueAnswers()
    await openApplication(page)
    await fillApplication(page, bot)
    // Hidden from people and screen readers alike, so found only by its name.
    await wizard(page).dialog.locator(`input[name="${HONEYPOT_FIELD}"]`).fill('https://spam.example')
    await wizard(page).submit.click()
    await expectSubmittedToast(page)
    const [stored] = await readSubmissions(request, `select=*&spam=eq.true&${taggedBy(bot)}`)
    if (!stored) throw new Error('the bot application is not kept as spam')

    // A lead stored after it: once the lead is announced, the outbox has been read past the spam.
    const visitor = await context.newPage()
    const lead = uniqueAnswers()
    await openApplication(visitor)
    await fillApplication(visitor, lead)
    await wizard(visitor).submit.click()
    await expectSubmittedToast(visitor)
    const [leadRow] = await storedApplications(request, lead)
    if (!leadRow) throw new Error('the lead is not stored')
    await expect
      .poll(async () => {
        const { webhooks, emails } = await receivedLeads()
        return [webhooksOf(webhooks, leadRow.submission_id).length, emailsOf(emails, lead).length]
      }, ANNOUNCED_WITHIN)
      .toEqual([1, 1])

    const { webhooks, emails } = await receivedLeads()
    expect(webhooksOf(webhooks, stored.submission_id)).toEqual([])
    expect(emailsOf(emails, bot)).toEqual([])
  })
})
