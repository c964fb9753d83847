import type { Locator, Page } from '@playwright/test'
import { site } from '../../src/content/site.ts'
import { expect } from './fixtures.ts'

/** The spec's countdown: 90 seconds. */
export const COUNTDOWN_MS = 90_000

export const HEADLINE = 'Scale YOUR Personal Brand to infinity and beyond using The biggest Brand secrets'
export const DIALOG_TITLE = 'Ready to Scale Your Business?'

export const applyNowButton = (page: Page) => page.getByRole('button', { name: 'Apply Now', exact: true })

export const countdownTimer = (page: Page) => page.getByRole('timer')

export const videoFrame = (page: Page) => page.locator(`iframe[title="${site.video.title}"]`)

export const applicationDialog = (page: Page) => page.getByRole('dialog', { name: DIALOG_TITLE })

/** Opens the landing page with Playwright's clock installed (time still flows), so tests can skip the countdown. */
export async function openLandingPage(page: Page): Promise<void> {
  await page.clock.install()
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible()
}

/**
 * Jumps over the 90-second countdown until 'Apply Now' shows. Repeated
 * because a jump made before the page's script has started the countdown
 * does not count.
 */
export async function skipCountdown(page: Page, until: Locator = applyNowButton(page)): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward(COUNTDOWN_MS)
    await expect(until).toBeVisible({ timeout: 1_000 })
  }).toPass()
}

/** Landing page, countdown over, 'Apply Now' clicked: the application modal is open. */
export async function openApplication(page: Page): Promise<void> {
  await openLandingPage(page)
  await skipCountdown(page)
  await applyNowButton(page).click()
  await expect(applicationDialog(page)).toBeVisible()
}
