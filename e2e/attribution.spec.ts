import type { Page } from '@playwright/test'
import { expectSubmittedToast, fillApplication, storedApplications, uniqueAnswers, wizard } from './support/application.ts'
import { expect, test } from './support/fixtures.ts'
import { HEADLINE, applicationDialog, applyNowButton, skipCountdown } from './support/landing.ts'

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/** Opens the landing page at `path` as a visitor arriving from `referer` would, with Playwright's clock installed. */
async function land(page: Page, path: string, referer?: string) {
  await page.clock.install()
  await page.goto(path, referer === undefined ? {} : { referer })
  await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible()
}

/** Waits out the countdown, applies, and waits for the page to say the application is in. */
async function apply(page: Page) {
  const answers = uniqueAnswers()
  await skipCountdown(page)
  await applyNowButton(page).click()
  await expect(applicationDialog(page)).toBeVisible()
  await fillApplication(page, answers)
  await wizard(page).submit.click()
  await expectSubmittedToast(page)
  return answers
}

test.describe('attribution', () => {
  test('a visitor from an Instagram ad applies: the stored application says where they came from', async ({ page, context, request }) => {
    await land(page, '/?utm_source=ig&utm_campaign=launch&fbclid=abc', 'https://l.instagram.com/')
    const answers = await apply(page)

    const [row] = await storedApplications(request, answers)
    const touch = {
      utm_source: 'ig',
      utm_campaign: 'launch',
      fbclid: 'abc',
      referrer_origin: 'https://l.instagram.com',
      referrer_path: '/',
      landing_path: '/',
      captured_at: expect.stringMatching(ISO_TIME),
    }
    expect(row?.attribution).toEqual({ first_touch: touch, last_touch: touch })
    expect(await context.cookies(), 'no cookie is set').toEqual([])
  })

  test('the first touch stays, the last is the latest visit from a campaign, a direct visit changes neither', async ({ page, request }) => {
    // Each visit is recorded once the page has hydrated: the next one must not start before.
    const lastTouch = () => page.evaluate(() => localStorage.getItem('attribution.last_touch'))
    await land(page, '/?utm_source=google&utm_medium=cpc&gclid=g1')
    await expect.poll(lastTouch).toContain('"gclid":"g1"')
    await page.goto('/?utm_source=ig&utm_campaign=launch&fbclid=abc')
    await expect.poll(lastTouch).toContain('"fbclid":"abc"')
    await page.goto('/')
    const answers = await apply(page)

    const [row] = await storedApplications(request, answers)
    expect(row?.attribution).toEqual({
      first_touch: {
        utm_source: 'google',
        utm_medium: 'cpc',
        gclid: 'g1',
        landing_path: '/',
        captured_at: expect.stringMatching(ISO_TIME),
      },
      last_touch: {
        utm_source: 'ig',
        utm_campaign: 'launch',
        fbclid: 'abc',
        landing_path: '/',
        captured_at: expect.stringMatching(ISO_TIME),
      },
    })
  })
})
