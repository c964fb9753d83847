import { calendlyDelivery } from '../server/testing/booking-senders.ts'
import { emailHeader } from '../server/testing/email-message.ts'
import { storedApplications, uniqueAnswers } from './support/application.ts'
import { CALENDLY_SIGNING_KEY, FOLLOW_UP_AFTER_MINUTES } from './support/env.ts'
import { expect, test } from './support/fixtures.ts'
import { leadLink, signIn, storeLead, goToView } from './support/inbox.ts'
import { receivedLeads } from './support/lead-inbox.ts'

const SUBJECT = 'Your strategy call is one step away'

/** The follow-ups the SMTP server has received for `email`. */
const followUpsTo = async (email: string) =>
  (await receivedLeads()).emails.filter(
    (message) => message.to.includes(email) && emailHeader(message.raw, 'Subject') === SUBJECT,
  )

// The server sweeps a quarter of the wait apart; the notifier sends within a second of a sweep.
const FOLLOWED_UP_WITHIN = { timeout: (FOLLOW_UP_AFTER_MINUTES * 60 + 60) * 1000, intervals: [2_000] }

test.describe('following up applicants who have not booked', () => {
  test('one who does not book gets exactly one follow-up, one who books gets none, and the unsubscribe link stops them', async ({
    page,
    request,
    browserConsole,
  }) => {
    test.setTimeout(4 * FOLLOWED_UP_WITHIN.timeout)
    const silent = uniqueAnswers()
    const booker = uniqueAnswers()
    const later = uniqueAnswers()
    await storeLead(request, silent)
    await storeLead(request, booker)
    const [stored] = await storedApplications(request, booker)
    const { body, headers } = calendlyDelivery(
      'invitee.created',
      { salesforceUuid: String(stored?.submission_id), email: booker.email },
      { key: CALENDLY_SIGNING_KEY },
    )
    expect((await request.post('/api/bookings/calendly', { headers, data: body })).status()).toBe(200)
    await storeLead(request, later)

    // The last to apply is followed up last: by then the others have had their turn.
    await expect.poll(async () => (await followUpsTo(later.email)).length, FOLLOWED_UP_WITHIN).toBe(1)
    const [followUp, ...more] = await followUpsTo(silent.email)
    expect(more).toEqual([])
    expect(await followUpsTo(booker.email)).toEqual([])

    // The team sees who has not booked, and that the email went.
    await signIn(page, browserConsole)
    await goToView(page, 'Bookings')
    const awaiting = page.getByRole('region', { name: `Applied, no booking after ${FOLLOW_UP_AFTER_MINUTES} minute` })
    await expect(awaiting.getByRole('row').filter({ hasText: silent.email })).toContainText('Sent')
    await expect(awaiting.getByRole('row').filter({ hasText: booker.email })).toHaveCount(0)
    await leadLink(page, silent.name).click()
    await expect(page.getByText(/^Follow-up sent /)).toBeVisible()

    // The applicant opens the link in the email, and is asked before anything changes.
    const unsubscribe = /^<(.+)>$/.exec(emailHeader(followUp?.raw ?? '', 'List-Unsubscribe') ?? '')?.[1] ?? ''
    expect(emailHeader(followUp?.raw ?? '', 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    await page.goto(unsubscribe)
    await expect(page.getByRole('heading', { level: 1, name: 'Follow-up emails' })).toBeVisible()
    await page.getByRole('button', { name: 'Stop follow-up emails' }).click()
    await expect(page.getByText('Done: you will get no more follow-up emails from us.')).toBeVisible()
    // A mail client's one-click POST after that changes nothing more.
    const oneClick = await request.post(unsubscribe, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.status()).toBe(200)
    expect(await oneClick.text()).toContain('You had already stopped follow-up emails')

    // The same person applies again, someone else just after: only the other hears from us.
    await storeLead(request, { ...uniqueAnswers(), email: silent.email })
    const last = uniqueAnswers()
    await storeLead(request, last)
    await expect.poll(async () => (await followUpsTo(last.email)).length, FOLLOWED_UP_WITHIN).toBe(1)
    expect(await followUpsTo(silent.email)).toHaveLength(1)
  })
})
