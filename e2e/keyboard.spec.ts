import type { Locator, Page } from '@playwright/test'
import { QUESTIONS, expectSubmittedToast, storedApplications, uniqueAnswers, wizard } from './support/application.ts'
import { expect, test } from './support/fixtures.ts'
import { applicationDialog, applyNowButton, openLandingPage, skipCountdown } from './support/landing.ts'

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement)

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    if ((await target.count()) === 1 && (await isFocused(target))) return
    await page.keyboard.press(key)
  }
  throw new Error(`60 presses of ${key} never reached ${target.toString()}`)
}

test('a keyboard-only visitor can apply from start to finish', async ({ page, context, request }) => {
  const answers = uniqueAnswers()
  const parts = wizard(page)
  await openLandingPage(page)
  await skipCountdown(page)
  // Until the application's chunk is there, a disabled stand-in shows, which Tab passes over.
  await expect(applyNowButton(page)).toBeEnabled()

  await tabTo(page, applyNowButton(page))
  await page.keyboard.press('Enter')
  await expect(applicationDialog(page)).toBeVisible()

  // Escape closes it, the focus goes back to Apply Now, and Space opens it again.
  await page.keyboard.press('Escape')
  await expect(applicationDialog(page)).toBeHidden()
  await expect(applyNowButton(page)).toBeFocused()
  await page.keyboard.press('Space')
  await expect(applicationDialog(page)).toBeVisible()

  for (const [step, { key }] of QUESTIONS.entries()) {
    await expect(parts.counter(step)).toBeVisible()
    await tabTo(page, parts.field(step))
    await page.keyboard.type(answers[key])
    await page.keyboard.press('Enter')
  }
  await expectSubmittedToast(page)
  await expect(applicationDialog(page)).toBeHidden()

  const bookingTab = await context.waitForEvent('page')
  await bookingTab.waitForLoadState()
  await tabTo(page, page.getByRole('link', { name: 'Book your call' }), 'Shift+Tab')
  await expect.poll(async () => (await storedApplications(request, answers)).length).toBe(1)
})
