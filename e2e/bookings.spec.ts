import { calendlyDelivery } from '../server/testing/booking-senders.ts'
import { switchAwayAndBack } from './support/analytics.ts'
import {
  applyFromLanding,
  expectSubmittedToast,
  fillApplication,
  land,
  storedApplications,
  uniqueAnswers,
  wizard,
} from './support/application.ts'
import { bookAsStranger } from './support/bookings.ts'
import { CALENDLY_SIGNING_KEY } from './support/env.ts'
import { expect, test } from './support/fixtures.ts'
import { fullTimeline, leadLink, leadRow, signIn, storeLead } from './support/inbox.ts'
import { openApplication } from './support/landing.ts'

test.describe('bookings coming back', () => {
  test('a visitor from an Instagram ad applies and books: the inbox shows the call, the lead as booked, when the booking page was opened, and the source in the funnel', async ({
    page,
    context,
    request,
    browserConsole,
  }) => {
    // An Instagram source of this test's own: other tests apply from ig on the same server.
    const source = `ig-${Math.random().toString(36).slice(2, 8)}`
    await land(page, `/?utm_source=${source}&utm_campaign=launch`)
    const answers = await applyFromLanding(page)
    // The booking tab opens by itself; the page reports it, with the application's id, as it is hidden and shown again.
    const bookingTab = await context.waitForEvent('page')
    await bookingTab.waitForLoadState()
    await page.bringToFront()
    await switchAwayAndBack(page)
    const [stored] = await storedApplications(request, answers)
    expect(stored?.submission_id).toBeTruthy()

    // The stand-in Calendly: the booking carries the application's id back in salesforce_uuid.
    const start = new Date(Date.now() + 3 * 86_400_000)
    start.setUTCHours(14, 30, 0, 0)
    const { body, headers } = calendlyDelivery(
      'invitee.created',
      { salesforceUuid: String(stored?.submission_id), email: answers.email, startTime: start.toISOString() },
      { key: CALENDLY_SIGNING_KEY },
    )
    const webhook = await request.post('/api/bookings/calendly', { headers, data: body })
    expect(webhook.status(), await webhook.text()).toBe(200)

    // Found by its tag: the newest page of every lead is other tests' to fill meanwhile.
    await signIn(page, browserConsole, `/admin?q=${answers.name.split(' ').at(-1)}`)
    const row = leadRow(page, answers.name)
    await expect(row.getByRole('combobox', { name: `Status of ${answers.name}` })).toHaveValue('booked')
    await expect(row).toContainText(/Call \w+/)

    await page.getByRole('combobox', { name: 'Booking' }).selectOption({ label: 'Upcoming calls' })
    await expect(page).toHaveURL(/booking=upcoming/)
    await expect(leadRow(page, answers.name)).toBeVisible()

    await leadLink(page, answers.name).click()
    await expect(page.getByText(/· Booking page: Opened /)).toBeVisible()
    const bookings = page.getByRole('region', { name: 'Bookings' })
    await expect(bookings.getByRole('heading', { name: 'Calendly: Scheduled' })).toBeVisible()
    const timeline = await fullTimeline(page)
    await expect(timeline).toContainText('Calendly: Booked')
    await expect(timeline.getByRole('listitem').filter({ hasText: /^Status: New → Booked/ })).toContainText('Calendly')
    await expect(timeline).toContainText('Booking page opened')

    await page.getByRole('navigation', { name: 'Inbox' }).getByRole('link', { name: 'Funnel' }).click()
    const bySource = page.getByRole('region', { name: 'By source' })
    const sourceRow = bySource
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: source, exact: true }) })
    // Source, visitors, applications, conversion, booked, application → booked, showed, booked → showed.
    await expect(sourceRow.getByRole('cell')).toHaveText([/\d+/, '1', /%$/, '1', '100.0%', '0', '0.0%'])
  })

  test('a booking no lead matched is listed, and linked by hand from the lead’s page', async ({
    page,
    request,
    browserConsole,
  }) => {
    const answers = uniqueAnswers()
    const leadId = await storeLead(request, answers)
    const stranger = await bookAsStranger(request)

    await signIn(page, browserConsole)
    await page.getByRole('navigation', { name: 'Inbox' }).getByRole('link', { name: 'Bookings' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Bookings without an application' })).toBeVisible()
    await expect(page.getByRole('rowheader', { name: `Someone Else · ${stranger}` })).toBeVisible()

    await page.goto(`/admin/leads/${leadId}`)
    const form = page.getByRole('form', { name: 'Link a booking without an application' })
    const option = form.getByRole('option', { name: new RegExp(stranger.replaceAll('.', '\\.')) })
    await form.getByRole('combobox', { name: 'Booking' }).selectOption((await option.getAttribute('value')) ?? '')
    await form.getByRole('button', { name: 'Link to this lead' }).click()
    await expect(page.getByText('The booking is linked to this lead.')).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('booked')
    await expect(await fullTimeline(page)).toContainText('Calendly: Linked to this lead')
  })

  test('on a 390 × 844 phone, after applying, "Book your call" is in view and clear of the toast, and "Apply Now" is gone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openApplication(page)
    await fillApplication(page, uniqueAnswers())
    await wizard(page).submit.click()
    await expectSubmittedToast(page)

    const link = page.getByRole('link', { name: 'Book your call' })
    await expect(link).toBeInViewport({ ratio: 1 })
    await expect(link).toBeFocused()
    await expect(page.getByRole('button', { name: 'Apply Now' })).toHaveCount(0)
    const linkBox = await link.boundingBox()
    const toastBox = await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Application Submitted!' })
      .boundingBox()
    expect(linkBox && toastBox).toBeTruthy()
    const overlaps = linkBox!.y < toastBox!.y + toastBox!.height && toastBox!.y < linkBox!.y + linkBox!.height
    expect(overlaps, `link ${JSON.stringify(linkBox)}, toast ${JSON.stringify(toastBox)}`).toBe(false)
  })
})
