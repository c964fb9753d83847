import {
  LAST_STEP,
  expectFieldRequiredToast,
  expectSubmissionFailedToast,
  fillApplication,
  isSubmissionRequest,
  uniqueAnswers,
  wizard,
} from './support/application.ts'
import { expect, test } from './support/fixtures.ts'
import { openApplication } from './support/landing.ts'

test.describe('toasts', () => {
  test.beforeEach(async ({ page }) => {
    await openApplication(page)
  })

  test('show at the bottom right for 4 seconds', async ({ page }) => {
    const viewport = page.viewportSize()
    await wizard(page).field(0).press('Enter')
    const toast = await expectFieldRequiredToast(page)

    const box = await toast.boundingBox()
    expect(box && viewport).toBeTruthy()
    if (box && viewport) {
      expect(viewport.width - (box.x + box.width), 'gap to the right edge').toBeLessThan(80)
      expect(viewport.height - (box.y + box.height), 'gap to the bottom edge').toBeLessThan(80)
      expect(box.x, 'on the right half').toBeGreaterThan(viewport.width / 2)
    }

    await page.clock.runFor(3_000)
    await expect(toast).toBeVisible()
    await page.clock.runFor(2_000)
    await expect(toast).toBeHidden()
  })

  test('never show more than three at once', async ({ page, browserConsole }) => {
    browserConsole.expectError(/the server responded with a status of 400|submi(t|ssion)/i)
    const parts = wizard(page)
    const shownToasts = page.locator('[data-sonner-toast]:not([data-visible="false"])')
    await fillApplication(page, uniqueAnswers())
    // An error answer fails at once; a lost request would be retried for 7 s
    // first, and the earlier toasts would have gone by then.
    await page.route(isSubmissionRequest, (route) =>
      route.fulfill({ status: 400, json: { code: 'PGRST102', message: 'Empty or invalid json', details: null, hint: null } }),
    )
    const answer = await parts.field(LAST_STEP).inputValue()
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await parts.field(LAST_STEP).fill(' ')
      await parts.submit.click()
      await expectFieldRequiredToast(page)
      await parts.field(LAST_STEP).fill(answer)
      await parts.submit.click()
      await expectSubmissionFailedToast(page)
      await expect(parts.submit).toBeEnabled()
      expect(await shownToasts.count()).toBeLessThanOrEqual(3)
    }
  })
})
