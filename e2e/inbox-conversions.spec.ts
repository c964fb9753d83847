import { CONTACT_SUBMISSIONS_PATH } from '../common/contact-submission.ts'
import { SERVICE_ROLE_KEY } from '../reliability/support/server-process.ts'
import { uniqueAnswers } from './support/application.ts'
import { startConversionsServer, type ConversionsServer } from './support/conversions-server.ts'
import { E2E_USER_AGENT } from './support/env.ts'
import { expect, test } from './support/fixtures.ts'
import { seriousViolations, signIn } from './support/inbox.ts'

// The run's server has no ad platform on; this one sends to a Meta stand-in that takes the events and a Google
// stand-in that refuses the refresh token, so Google pauses on the first lead.
let server: ConversionsServer
test.beforeAll(async () => {
  // A server's first start on a shared machine: generous.
  test.setTimeout(180_000)
  server = await startConversionsServer()
})
test.afterAll(async () => {
  await server?.stop()
})

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
])
  test.describe(`the ad platforms in the inbox at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport })

    test('a lead shows Meta sent with its trace id and Google paused, the banner says why, and a test event is sent', async ({
      page,
      request,
      browserConsole,
    }) => {
      // A lead from an ad click on each platform, stored as the page stores it (consent is implied on this server).
      const answers = uniqueAnswers()
      const touch = {
        utm_source: 'ig',
        fbclid: 'IwAR-E2e_Conversions',
        gclid: 'EAIaIQ-e2e-conversions',
        landing_path: '/',
        captured_at: new Date(Date.now() - 60_000).toISOString(),
      }
      const submissionId = crypto.randomUUID()
      const stored = await request.post(`${server.url}${CONTACT_SUBMISSIONS_PATH}`, {
        data: [{ ...answers, submission_id: submissionId, attribution: { first_touch: touch, last_touch: touch } }],
        headers: {
          apikey: SERVICE_ROLE_KEY,
          prefer: 'return=representation',
          'user-agent': E2E_USER_AGENT,
          referer: `${server.url}/?fbclid=${touch.fbclid}`,
        },
      })
      expect(stored.status(), await stored.text()).toBe(201)
      const [lead] = (await stored.json()) as { id: number | string }[]
      // The worker's round: Meta took it; Google refused the token (or is paused since an earlier lead).
      const taken = () => server.metaEvents().filter(({ event }) => event.event_id === `${submissionId}:application`)
      await expect.poll(() => taken().length, { timeout: 30_000 }).toBe(1)

      await signIn(page, browserConsole, `${server.url}/admin/leads/${lead?.id}`)
      const section = page.getByRole('region', { name: 'Ad platforms' })
      await expect(section.getByRole('heading', { level: 3, name: 'Meta' })).toBeVisible()
      await expect(section.getByRole('listitem').filter({ hasText: /^Applied: Sent/ })).toContainText(
        /Trace id: Atrace\d+$/,
      )
      await expect(
        section.getByRole('listitem').filter({ hasText: /^Applied: Waiting: Google Ads is paused/ }),
      ).toBeVisible()
      await expect(section.getByRole('listitem').filter({ hasText: /^Booked a call: Not reached yet/ })).toHaveCount(2)

      const banner = page.getByRole('region', { name: 'Ad platforms paused' })
      await expect(banner).toContainText(/^Google Ads is paused: Google's token endpoint answered 400: invalid_grant/)
      expect(await seriousViolations(page)).toEqual([])

      // By keyboard, from the banner to the Integrations page, and a test event to Meta.
      await banner.getByRole('link', { name: 'Open Integrations' }).focus()
      await page.keyboard.press('Enter')
      await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeFocused()
      const google = page.getByRole('region', { name: 'Google Ads' })
      await expect(google).toContainText(/Paused\s*Since .*invalid_grant/)
      const meta = page.getByRole('region', { name: 'Meta' })
      await expect(meta).toContainText(/Last success\s*\w/)
      const test = meta.getByRole('button', { name: 'Send a test event to Meta' })
      await test.focus()
      await page.keyboard.press('Enter')
      await expect(meta.getByRole('status')).toHaveText(/^Sent: Meta took the test event \(trace id Atrace\d+\)/)
      expect(server.metaEvents().at(-1)?.testEventCode).toBe('TEST12345')
      // Google is paused: its test event is refused by the token endpoint too, and the page says so.
      await google.getByRole('button', { name: 'Send a test event to Google Ads' }).click()
      await expect(google.getByRole('status')).toHaveText(
        /^The test event failed: Google's token endpoint answered 400/,
      )
      expect(await seriousViolations(page)).toEqual([])
    })
  })
