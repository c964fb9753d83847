import { site } from '../src/content/site.ts'
import {
  expectSubmittedToast,
  fillApplication,
  storedApplications,
  uniqueAnswers,
  wizard,
} from './support/application.ts'
import { expect, test } from './support/fixtures.ts'
import { HEADLINE, applicationDialog, applyNowButton, skipCountdown } from './support/landing.ts'

test('the booking tab and the Book your call link carry the application, prefilled for Calendly', async ({
  page,
  context,
  request,
}) => {
  const base = uniqueAnswers()
  // Characters a URL must encode, in the name that Calendly shows back to the visitor.
  const answers = { ...base, name: `Zoë O’Brien & Co ${base.name}` }

  // Landing from an ad: the last touch's campaign goes on to the booking page.
  await page.clock.install()
  await page.goto('/?utm_source=ig&utm_medium=paid+social&utm_campaign=launch&utm_content=reel%263&fbclid=abc')
  await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible()
  await skipCountdown(page)
  await applyNowButton(page).click()
  await expect(applicationDialog(page)).toBeVisible()
  await fillApplication(page, answers)

  const bookingTab = context.waitForEvent('page')
  await wizard(page).submit.click()
  await expectSubmittedToast(page)
  const tab = await bookingTab
  await tab.waitForLoadState()
  await expect(tab).toHaveTitle('Booking')

  const [stored] = await storedApplications(request, answers)
  expect(stored, 'the application is stored').toBeDefined()
  const opened = new URL(tab.url())
  expect(`${opened.origin}${opened.pathname}`).toBe(site.bookingUrl)
  expect(Object.fromEntries(opened.searchParams)).toEqual({
    name: answers.name,
    email: answers.email,
    utm_source: 'ig',
    utm_medium: 'paid social',
    utm_campaign: 'launch',
    utm_content: 'reel&3',
    salesforce_uuid: stored?.submission_id,
    a1: answers.instagram,
    a2: answers.phone,
    a3: answers.business,
    a4: answers.budget,
    a5: answers.revenue,
    a6: answers.challenges,
  })
  expect(opened.search).toContain('name=Zo%C3%AB+O%E2%80%99Brien+%26+Co+')
  expect(opened.search).toContain('utm_content=reel%263')

  // The way on when the browser blocks the tab: the same prefilled page.
  await expect(page.getByRole('link', { name: 'Book your call' })).toHaveAttribute('href', tab.url())
})
