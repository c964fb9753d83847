import type { Page } from '@playwright/test'
import { calendlyInviteeUri } from '../server/testing/booking-senders.ts'
import { calendly } from './support/bookings.ts'
import { ADMIN_EMAIL } from './support/env.ts'
import { expect, test } from './support/fixtures.ts'
import { fullTimeline, inboxNav, leadLink, leadsNamed, seriousViolations, signIn } from './support/inbox.ts'

const VIEWPORTS = [
  { device: 'a laptop', width: 1366, height: 900 },
  { device: 'a phone', width: 390, height: 844 },
] as const

/** Within this of the webhook, the open list shows what it did (the inbox reads again every 3 s). */
const WITHIN_5_S = { timeout: 5_000 }

const fromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()

/** The lead's link in the list, whichever layout shows it (rows on a laptop, cards on a phone). */
const shownLead = (page: Page, name: string) => leadLink(page, name).locator('visible=true')

for (const { device, width, height } of VIEWPORTS) {
  test.describe(`To chase and outcomes on ${device}`, () => {
    test.use({ viewport: { width, height } })

    test('a cancelled call and a no-show put their leads in To chase within 5 s, with the reason; a rebooking takes one out', async ({
      page,
      request,
      browserConsole,
    }) => {
      const { tag, leads } = await leadsNamed(request, 'Cancel', 'Noshow')
      const [cancelled, missed] = leads as [(typeof leads)[number], (typeof leads)[number]]
      const first = calendlyInviteeUri()
      const call = calendlyInviteeUri()
      await calendly(request, 'invitee.created', { uri: first, email: cancelled.email, startTime: fromNow(2880) })
      await calendly(request, 'invitee.created', {
        uri: call,
        email: missed.email,
        startTime: fromNow(-60),
        endTime: fromNow(-30),
      })

      await signIn(page, browserConsole, `/admin?status=to_chase&q=${tag}`)
      await expect(page.getByText('No leads match this view.').locator('visible=true')).toBeVisible()

      await calendly(request, 'invitee.canceled', {
        uri: first,
        email: cancelled.email,
        cancelReason: 'Found another agency',
      })
      await calendly(request, 'invitee_no_show.created', {
        uri: call,
        email: missed.email,
        noShow: { uri: 'https://api.calendly.com/invitee_no_shows/e2e', created_at: fromNow(-5) },
      })
      await expect(shownLead(page, cancelled.name)).toBeVisible(WITHIN_5_S)
      await expect(shownLead(page, missed.name)).toBeVisible(WITHIN_5_S)
      await expect(page.getByText('Found another agency').locator('visible=true')).toBeVisible()
      await expect(page.getByText('No-show').locator('visible=true').first()).toBeVisible()
      await expect(
        inboxNav(page).getByRole('link', { name: /^To chase, \d+ leads?$/, includeHidden: true }),
      ).toHaveAttribute('aria-current', 'page')
      expect(await seriousViolations(page)).toEqual([])

      // The applicant books again: out of To chase, booked.
      await calendly(request, 'invitee.created', { email: cancelled.email, startTime: fromNow(4320) })
      await expect(shownLead(page, cancelled.name)).toHaveCount(0, WITHIN_5_S)
      await expect(shownLead(page, missed.name)).toBeVisible()

      await shownLead(page, missed.name).click()
      const timeline = await fullTimeline(page)
      await expect(timeline.getByRole('listitem').filter({ hasText: /Booked → To chase/ })).toContainText(
        'Why: No-show',
      )
    })

    test('a past call needs an outcome and leaves that list once one is entered; won and lost show in the timeline', async ({
      page,
      request,
      browserConsole,
    }) => {
      const { tag, leads } = await leadsNamed(request, 'Winner', 'Loser')
      const [winner, loser] = leads as [(typeof leads)[number], (typeof leads)[number]]
      for (const lead of leads)
        await calendly(request, 'invitee.created', {
          email: lead.email,
          startTime: fromNow(-90),
          endTime: fromNow(-60),
        })

      const needing = `/admin?booking=needs_outcome&q=${tag}`
      await signIn(page, browserConsole, needing)
      await expect(shownLead(page, winner.name)).toBeVisible()
      await expect(shownLead(page, loser.name)).toBeVisible()
      await expect(page.getByText('Needs an outcome').locator('visible=true').first()).toBeVisible()

      await shownLead(page, winner.name).click()
      const form = page.getByRole('form', { name: 'Outcome of the call' })
      // Saved with nothing chosen: the error is said, and announced.
      await form.getByRole('button', { name: 'Save outcome' }).click()
      await expect(form.getByRole('alert')).toHaveText('Choose how the call went.')
      await form.getByRole('radio', { name: 'Won' }).check()
      await form.getByRole('textbox', { name: 'Amount' }).fill('12500.50')
      await expect(form.getByRole('textbox', { name: 'Currency' })).toHaveValue('USD')
      await form.getByRole('button', { name: 'Save outcome' }).click()
      await expect(page.getByRole('status').filter({ hasText: 'Outcome saved: Won.' })).toBeVisible()
      const timeline = await fullTimeline(page)
      // Once, with who entered it: not again as the move to Won it caused.
      const wonEntries = timeline.getByRole('listitem').filter({ hasText: 'Outcome: Won: 12500.50 USD' })
      await expect(wonEntries).toHaveCount(1)
      await expect(wonEntries).toContainText(`by ${ADMIN_EMAIL}`)
      await expect(timeline.getByRole('listitem').filter({ hasText: /Booked → Won/ })).toHaveCount(0)
      expect(await seriousViolations(page)).toEqual([])

      await page.goto(needing)
      await expect(shownLead(page, loser.name)).toBeVisible()
      await expect(shownLead(page, winner.name)).toHaveCount(0)

      await shownLead(page, loser.name).click()
      const lost = page.getByRole('form', { name: 'Outcome of the call' })
      await lost.getByRole('radio', { name: 'Lost' }).check()
      await lost.getByRole('button', { name: 'Save outcome' }).click()
      await expect(lost.getByRole('alert')).toHaveText('Choose a reason.')
      await expect(lost.getByRole('combobox', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true')
      await lost.getByRole('combobox', { name: 'Reason' }).selectOption('Price')
      await lost.getByRole('textbox', { name: 'Details (optional)' }).fill('Went with a freelancer')
      await lost.getByRole('button', { name: 'Save outcome' }).click()
      await expect(page.getByRole('status').filter({ hasText: 'Outcome saved: Lost.' })).toBeVisible()
      const lostTimeline = await fullTimeline(page)
      const lostEntries = lostTimeline.getByRole('listitem').filter({ hasText: 'Outcome: Lost: Price' })
      await expect(lostEntries).toHaveCount(1)
      await expect(lostEntries).toContainText('Went with a freelancer')
      await expect(lostTimeline.getByRole('listitem').filter({ hasText: /→ Lost/ })).toHaveCount(0)
      // Corrected later: the form says what stands and offers another.
      await expect(page.getByRole('form', { name: 'Correct the outcome' })).toContainText('Outcome: Lost: Price')
      expect(await seriousViolations(page)).toEqual([])

      await page.goto(needing)
      await expect(page.getByText('No leads match this view.').locator('visible=true')).toBeVisible()
    })
  })
}
