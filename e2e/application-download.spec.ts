import { site } from '../src/content/site.ts'
import { expect, test } from './support/fixtures.ts'
import { HEADLINE, applicationDialog, applyNowButton, openLandingPage, skipCountdown } from './support/landing.ts'

// The modal and the form come as a chunk of their own, fetched during the countdown.
const APPLICATION_CHUNK = '**/assets/application-dialog-*.js'

test('when the application cannot be downloaded, the page stays, says so, and a retry opens it', async ({
  page,
  browserConsole,
}) => {
  browserConsole.expectError(/net::ERR_FAILED/)
  browserConsole.expectError(/Failed to fetch dynamically imported module/)
  let refuse = true
  let requests = 0
  await page.route(APPLICATION_CHUNK, async (route) => {
    requests++
    await (refuse ? route.abort() : route.continue())
  })

  await openLandingPage(page)
  const alert = page.getByRole('alert').filter({ hasText: site.countdown.loadFailed })
  await skipCountdown(page, alert)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE)
  await expect(applyNowButton(page)).toHaveCount(0)
  const failedRequests = requests

  refuse = false
  await page.getByRole('button', { name: site.countdown.retryLabel }).click()
  await expect(applyNowButton(page)).toBeEnabled()
  // It takes the place of the button just pressed, and the focus with it.
  await expect(applyNowButton(page)).toBeFocused()
  expect(requests).toBeGreaterThan(failedRequests)
  await applyNowButton(page).click()
  await expect(applicationDialog(page)).toBeVisible()
})
