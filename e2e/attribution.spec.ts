import { applyFromLanding, land, storedApplications } from './support/application.ts'
import { expect, test } from './support/fixtures.ts'

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

test.describe('attribution', () => {
  test('a visitor from an Instagram ad applies: the stored application says where they came from', async ({
    page,
    context,
    request,
  }) => {
    await land(page, '/?utm_source=ig&utm_campaign=launch&fbclid=abc', 'https://l.instagram.com/')
    const answers = await applyFromLanding(page)

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

  test('the first touch stays, the last is the latest visit from a campaign, a direct visit changes neither', async ({
    page,
    request,
  }) => {
    // Each visit is recorded once the page has hydrated: the next one must not start before.
    const lastTouch = () => page.evaluate(() => localStorage.getItem('attribution.last_touch'))
    await land(page, '/?utm_source=google&utm_medium=cpc&gclid=g1')
    await expect.poll(lastTouch).toContain('"gclid":"g1"')
    await page.goto('/?utm_source=ig&utm_campaign=launch&fbclid=abc')
    await expect.poll(lastTouch).toContain('"fbclid":"abc"')
    await page.goto('/')
    const answers = await applyFromLanding(page)

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
