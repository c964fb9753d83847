import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Download, Page } from '@playwright/test'
import { parse } from 'csv-parse/sync'
import { CONTACT_SUBMISSIONS_PATH, HONEYPOT_FIELD } from '../common/contact-submission.ts'
import { readSubmissions, uniqueAnswers, type Answers } from './support/application.ts'
import { SERVICE_ROLE_KEY } from './support/env.ts'
import { expect, test } from './support/fixtures.ts'
import { inboxNav, seriousViolations, signIn, storeLead, goToView } from './support/inbox.ts'
import { receivedLeads } from './support/lead-inbox.ts'

// The server looks at its outbox twice a second; the inbox's request wakes it at once besides.
const ANNOUNCED_WITHIN = { timeout: 15_000 }
// A zone without daylight saving time: its offset is known without a time-zone database.
const ZONE = 'Asia/Tokyo'
const ZONE_OFFSET_MS = 9 * 60 * 60_000
const PHONE = '+44 20 7946 0958'

/** Stores an application the honeypot caught, as a bot's would be; returns its id and submission id. */
async function storeSpam(request: APIRequestContext, answers: Answers) {
  const submissionId = crypto.randomUUID()
  const response = await request.post(CONTACT_SUBMISSIONS_PATH, {
    data: [{ ...answers, submission_id: submissionId, [HONEYPOT_FIELD]: 'https://spam.example' }],
    headers: { apikey: SERVICE_ROLE_KEY, prefer: 'return=representation' },
  })
  expect(response.status(), await response.text()).toBe(201)
  const [row] = (await response.json()) as { id: number | string; spam: boolean }[]
  expect(row?.spam).toBe(true)
  return { id: Number(row?.id), submissionId }
}

/** The verified webhooks that announced this application. */
async function webhooksOf(submissionId: string) {
  const { webhooks } = await receivedLeads()
  return webhooks.filter(
    (webhook) =>
      webhook.verified &&
      (JSON.parse(webhook.body) as { data?: { submission_id?: string } }).data?.submission_id === submissionId,
  )
}

const tagOf = (answers: Answers) => answers.name.split(' ').at(-1)!
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
const csvOf = async (download: Download) =>
  parse(await readFile(await download.path()), { columns: true, bom: true }) as Record<string, string>[]

/** The wall-clock time of `iso` in ZONE, as the export writes it: ZONE keeps one offset all year, so adding it is the whole conversion. */
const inZone = (iso: string) => new Date(Date.parse(iso) + ZONE_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ')

for (const { label, viewport, phone } of [
  { label: 'on a wide screen', viewport: { width: 1366, height: 900 }, phone: false },
  { label: 'on a phone', viewport: { width: 390, height: 844 }, phone: true },
]) {
  test.describe(`spam, erasure and export ${label}`, () => {
    test.use({ viewport, isMobile: phone, hasTouch: phone, timezoneId: ZONE })

    test('"Not spam" in the spam view makes the entry a lead and sends its webhook', async ({
      page,
      request,
      browserConsole,
    }) => {
      const answers = uniqueAnswers()
      const { submissionId } = await storeSpam(request, answers)
      await signIn(page, browserConsole, `/admin?view=spam&q=${tagOf(answers)}`)
      await expect(page.getByRole('heading', { level: 1, name: 'Spam' })).toBeVisible()
      const button = page.getByRole('button', { name: `Not spam: move ${answers.name} to the leads` })
      await expect(button).toBeVisible()
      expect(await noSidewaysScroll(page), 'nothing scrolls sideways').toBe(true)
      if (!phone) {
        const table = page.getByRole('table', { name: 'Leads, newest first' })
        const cutOff = await table.evaluate(
          (element) => element.parentElement!.scrollWidth > element.parentElement!.clientWidth,
        )
        expect(cutOff, 'the spam table fits, its action included').toBe(false)
      }
      expect(await seriousViolations(page)).toEqual([])
      expect(await webhooksOf(submissionId)).toEqual([])

      await button.click()
      await expect(page.getByRole('status').filter({ hasText: `${answers.name} is now a lead` })).toBeVisible()
      await expect(page.getByText('Nothing in the spam view.')).toBeVisible()
      await expect.poll(async () => (await webhooksOf(submissionId)).length, ANNOUNCED_WITHIN).toBe(1)
      const [stored] = await readSubmissions(request, `select=*&submission_id=eq.${submissionId}`)
      expect(stored).toMatchObject({ spam: false })

      await page.goto(`/admin?q=${tagOf(answers)}`)
      await expect(page.getByRole('link', { name: answers.name, exact: true }).first()).toBeVisible()
    })

    test('"Not spam" on a spam entry\'s page, by keyboard, sends its webhook and shows its status', async ({
      page,
      request,
      browserConsole,
    }) => {
      const answers = uniqueAnswers()
      const { id, submissionId } = await storeSpam(request, answers)
      await signIn(page, browserConsole, `/admin/leads/${id}`)
      await expect(page.getByText('Caught by the honeypot: this is spam, not a lead.')).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await page.getByRole('button', { name: /^Not spam/ }).focus()
      await page.keyboard.press('Enter')
      await expect(page.getByRole('status').filter({ hasText: `${answers.name} is now a lead` })).toBeVisible()
      await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('new')
      await expect.poll(async () => (await webhooksOf(submissionId)).length, ANNOUNCED_WITHIN).toBe(1)
      // The page shows the notifications it read; once sent, a reload lists the new-lead one.
      await page.reload()
      await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('New lead')
    })

    test('Erase by email is reached from Account, and its old address still works', async ({
      page,
      browserConsole,
    }) => {
      await signIn(page, browserConsole)
      await expect(inboxNav(page).getByRole('link', { name: 'Erase by email', includeHidden: true })).toHaveCount(0)
      await goToView(page, 'Account')
      await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
      await page.getByRole('link', { name: 'Erase by email…' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Erase by email' })).toBeVisible()
      await expect(inboxNav(page).getByRole('link', { name: 'Account', includeHidden: true })).toHaveAttribute(
        'aria-current',
        'page',
      )
      await expect(page.getByLabel('Email address')).toBeVisible()
      expect(await noSidewaysScroll(page), 'nothing scrolls sideways').toBe(true)
      expect(await seriousViolations(page)).toEqual([])
      await page.getByRole('link', { name: '← Account' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()

      await page.goto('/admin/erasure')
      await expect(page.getByRole('heading', { level: 1, name: 'Erase by email' })).toBeVisible()
    })

    test("the export offers a guarded file for a spreadsheet and a plain one for a CRM, times in the agency's zone or one chosen", async ({
      page,
      request,
      browserConsole,
    }) => {
      const answers = { ...uniqueAnswers(), phone: PHONE }
      const id = await storeLead(request, answers)
      const [stored] = (await readSubmissions(request, `select=created_at&id=eq.${id}`)) as unknown as {
        created_at: string
      }[]
      await signIn(page, browserConsole, `/admin?q=${tagOf(answers)}`)
      await page.getByRole('button', { name: 'Export this view…' }).click()
      const dialog = page.getByRole('dialog', { name: 'Export this view' })
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('radio', { name: 'For a spreadsheet' })).toBeChecked()
      // The agency's zone by default (TIMEZONE, UTC for the e2e server); the browser's is one choice away.
      await expect(dialog.getByRole('combobox', { name: 'Times in' })).toHaveValue('UTC')
      await dialog.getByRole('combobox', { name: 'Times in' }).selectOption(ZONE)
      expect(await noSidewaysScroll(page), 'nothing scrolls sideways').toBe(true)
      expect(await seriousViolations(page)).toEqual([])

      const spreadsheet = page.waitForEvent('download')
      await dialog.getByRole('link', { name: 'Export as CSV' }).click()
      const [guarded] = await csvOf(await spreadsheet)
      expect(guarded).toMatchObject({ email: answers.email, phone: `'${PHONE}` })

      await dialog.getByRole('radio', { name: 'For a CRM import' }).check()
      await expect(dialog.getByRole('status')).toContainText('Do not open this file in a spreadsheet')
      expect(await seriousViolations(page)).toEqual([])
      const crm = page.waitForEvent('download')
      await dialog.getByRole('link', { name: 'Export as CSV' }).click()
      const [plain] = await csvOf(await crm)
      expect(plain).toMatchObject({ email: answers.email, phone: PHONE, created_at: inZone(stored?.created_at ?? '') })
      expect(plain?.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)

      await dialog.getByRole('button', { name: 'Close' }).click()
      await expect(dialog).toBeHidden()
      await expect(page.getByRole('button', { name: 'Export this view…' })).toBeFocused()
    })
  })
}
