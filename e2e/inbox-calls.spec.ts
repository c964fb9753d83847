import type { TeammateAdded } from '../common/account-api.ts'
import { calendlyDelivery } from '../server/testing/booking-senders.ts'
import { uniqueAnswers } from './support/application.ts'
import { CALENDLY_SIGNING_KEY, SERVICE_ROLE_KEY } from './support/env.ts'
import { expect, test } from './support/fixtures.ts'
import { callInboxApi, goToView, seriousViolations, signIn, storeLead } from './support/inbox.ts'

const DAY_MS = 86_400_000

/** `days` from today's UTC day (the e2e server's TIMEZONE), at hh:mm UTC. */
function at(days: number, hours: number, minutes: number): Date {
  const time = new Date(Date.now() + days * DAY_MS)
  time.setUTCHours(hours, minutes, 0, 0)
  return time
}

for (const { width, height } of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`the calls agenda at ${width}×${height}`, () => {
    // The browser's clock is in Los Angeles: every time shown must be the server's TIMEZONE (UTC) all the same.
    test.use({ viewport: { width, height }, timezoneId: 'America/Los_Angeles' })

    test('lists the calls in start order across days, with full times in TIMEZONE, the lead, its owner and the join link', async ({
      page,
      request,
      browserConsole,
    }) => {
      const tag = Math.random().toString(36).slice(2, 8)
      // Booked out of order, across days: the agenda orders them by their start, never by their text.
      const calls = [
        { name: `Calls ${tag} Third`, start: at(3, 8, 15), joinUrl: undefined },
        { name: `Calls ${tag} First`, start: at(1, 14, 0), joinUrl: `https://us02web.zoom.us/j/${Date.now()}` },
        { name: `Calls ${tag} Second`, start: at(2, 9, 30), joinUrl: undefined },
      ]
      const leadIds: number[] = []
      for (const call of calls) {
        const leadId = await storeLead(request, { ...uniqueAnswers(), name: call.name })
        leadIds.push(leadId)
        const read = await request.get(`/rest/v1/contact_submissions?id=eq.${leadId}&select=submission_id`, {
          headers: { apikey: SERVICE_ROLE_KEY },
        })
        const [row] = (await read.json()) as { submission_id: string }[]
        const { body, headers } = calendlyDelivery(
          'invitee.created',
          {
            salesforceUuid: row?.submission_id,
            startTime: call.start.toISOString(),
            endTime: new Date(call.start.getTime() + 1_800_000).toISOString(),
            ...(call.joinUrl === undefined ? {} : { joinUrl: call.joinUrl }),
          },
          { key: CALENDLY_SIGNING_KEY },
        )
        const webhook = await request.post('/api/bookings/calendly', { headers, data: body })
        expect(webhook.status(), await webhook.text()).toBe(200)
      }

      await signIn(page, browserConsole)
      // The first call is a teammate's: the agenda names whose call each is.
      const mate = `calls-${tag}@example.com`
      const added = await callInboxApi(page, 'POST', '/teammates', { email: mate })
      expect(added.status).toBe(201)
      const { teammate } = added.body as TeammateAdded
      expect((await callInboxApi(page, 'PUT', `/leads/${leadIds[1]}/owner`, { owner: teammate.id })).status).toBe(200)
      await goToView(page, 'Calls')
      await expect(page.getByRole('heading', { level: 1, name: 'Calls' })).toBeVisible()
      await expect(page.getByRole('main').getByText('Times in UTC')).toBeVisible()

      const tomorrow = page.getByRole('region', { name: 'Tomorrow' })
      await expect(tomorrow.getByRole('link', { name: `Calls ${tag} First`, exact: true })).toBeVisible()
      const mine = page.getByRole('listitem').filter({ hasText: `Calls ${tag}` })
      await expect(mine).toHaveCount(3)
      // In start order, across the sections.
      await expect(mine.getByRole('link', { name: new RegExp(`^Calls ${tag}`) })).toHaveText([
        `Calls ${tag} First`,
        `Calls ${tag} Second`,
        `Calls ${tag} Third`,
      ])
      const starts = await mine
        .locator('time')
        .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')))
      expect(starts.map((start) => Date.parse(start ?? ''))).toEqual(
        calls.map((call) => call.start.getTime()).sort((a, b) => a - b),
      )

      // Full times, in UTC (the browser's Los Angeles clock would say 06:00, 01:30 and 00:15), with their year.
      const times = mine.locator('time')
      await expect(times.nth(0)).toHaveText(/02:00\s?PM|14:00/)
      await expect(times.nth(1)).toHaveText(/09:30\s?AM|09:30/)
      await expect(times.nth(2)).toHaveText(/08:15\s?AM|08:15/)
      for (const [index, call] of [calls[1]!, calls[2]!, calls[0]!].entries())
        await expect(times.nth(index)).toContainText(String(call.start.getUTCFullYear()))
      for (let index = 0; index < 3; index += 1) {
        const box = await times.nth(index).boundingBox()
        const scrollWidth = await times.nth(index).evaluate((time) => time.scrollWidth - time.clientWidth)
        expect(box?.width ?? 0).toBeGreaterThan(0)
        expect(scrollWidth, 'a time is never cut').toBeLessThanOrEqual(0)
      }

      const join = mine.getByRole('link', { name: `Join the call with Calls ${tag} First (opens the meeting)` })
      await expect(join).toHaveAttribute('href', calls[1]!.joinUrl!)
      await expect(join).toHaveAttribute('target', '_blank')
      await expect(mine.filter({ hasText: `Calls ${tag} Second` }).getByText('No link given')).toBeVisible()
      await expect(mine.filter({ hasText: `Calls ${tag} First` }).getByText(mate, { exact: true })).toBeVisible()
      await expect(
        mine.filter({ hasText: `Calls ${tag} Second` }).getByText('Unassigned', { exact: true }),
      ).toBeVisible()

      // No sideways scroll, and nothing serious for axe.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0)
      expect(await seriousViolations(page)).toEqual([])

      await mine.getByRole('link', { name: `Calls ${tag} First`, exact: true }).click()
      await expect(page.getByRole('heading', { level: 1, name: `Calls ${tag} First` })).toBeVisible()
      expect((await callInboxApi(page, 'DELETE', `/teammates/${teammate.id}`)).status).toBe(204)
    })
  })
}
