import type { Page } from '@playwright/test'
import { expectFieldRequiredToast, wizard } from './support/application.ts'
import { expect, test } from './support/fixtures.ts'
import { openApplication } from './support/landing.ts'

/**
 * Stops the page's clock 200 ms from now. The page's time keeps running while
 * the call travels, and a pause at a moment already past is refused: on a
 * busy machine, ask again from a fresh now.
 */
async function pauseSoon(page: Page) {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now())
    try {
      return await page.clock.pauseAt(now + 200)
    } catch (error) {
      if (attempt === 5 || !String(error).includes('fast-forward to the past')) throw error
    }
  }
}

test.describe('toasts', () => {
  test.beforeEach(async ({ page }) => {
    await openApplication(page)
  })

  test('show at the bottom right for 4 seconds', async ({ page }) => {
    const viewport = page.viewportSize()
    await wizard(page).field(0).press('Enter')
    const toast = await expectFieldRequiredToast(page)
    // From just after it is seen, time moves only when told, so a slow machine cannot
    // eat into its 4 seconds (the toast library itself loads on the first toast).
    await pauseSoon(page)

    const box = await toast.boundingBox()
    expect(box && viewport).toBeTruthy()
    if (box && viewport) {
      expect(viewport.width - (box.x + box.width), 'gap to the right edge').toBeLessThan(80)
      expect(viewport.height - (box.y + box.height), 'gap to the bottom edge').toBeLessThan(80)
      expect(box.x, 'on the right half').toBeGreaterThan(viewport.width / 2)
    }

    // Still there 2.2 s after it was seen (well before its 4 s, however slow the seeing was)…
    await page.clock.runFor(2_000)
    await expect(toast).toBeVisible()
    // …and gone 5 s after.
    await page.clock.runFor(2_800)
    await expect(toast).toBeHidden()
  })
})
