import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { site } from '../src/content/site.ts'
import { expect, test } from './support/fixtures.ts'
import {
  applicationDialog,
  applyNowButton,
  openApplication,
  openLandingPage,
  skipCountdown,
} from './support/landing.ts'

/** Serious and critical axe violations on the page, leaving out the third-party video frame. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).exclude(`iframe[title="${site.video.title}"]`).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }))
}

test.describe('accessibility (axe)', () => {
  test('the landing page, countdown over, has no serious or critical violations', async ({ page }) => {
    await openLandingPage(page)
    await skipCountdown(page)
    // Audit the real button: the disabled one in its place until the application's chunk is there shows too.
    await expect(applyNowButton(page)).toBeEnabled()
    expect(await seriousViolations(page)).toEqual([])
  })

  test('the open application modal has no serious or critical violations', async ({ page }) => {
    await openApplication(page)
    expect(await seriousViolations(page)).toEqual([])
  })

  test('the 404 page has no serious or critical violations', async ({ page, browserConsole }) => {
    browserConsole.expectError(/Failed to load resource: the server responded with a status of 404/)
    await page.goto('/no-such-page')
    await expect(page.getByText('Oops! Page not found')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
})

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' })

  test('the modal opens without animation', async ({ page }) => {
    await openApplication(page)
    const dialog = applicationDialog(page)
    const motion = await dialog.evaluate((element) => {
      const longest = (value: string) => Math.max(...value.split(',').map((part) => parseFloat(part) || 0))
      const style = getComputedStyle(element)
      return {
        running: document
          .getAnimations()
          .filter((animation) => animation.playState === 'running')
          .map((animation) => Number(animation.effect?.getComputedTiming().duration ?? 0))
          .filter((duration) => duration > 10),
        animationSeconds: longest(style.animationDuration),
        transitionSeconds: longest(style.transitionDuration),
      }
    })
    expect(motion.running, 'running animations longer than 10 ms').toEqual([])
    expect(motion.animationSeconds).toBeLessThanOrEqual(0.01)
    expect(motion.transitionSeconds).toBeLessThanOrEqual(0.01)
  })
})
