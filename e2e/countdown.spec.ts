import { expect, test } from './support/fixtures.ts'
import { applyNowButton, countdownTimer } from './support/landing.ts'

const START = new Date('2030-01-01T09:00:00Z').getTime()

test.describe('countdown', () => {
  test.beforeEach(async ({ page }) => {
    // Time stands still until the test moves it.
    await page.clock.install({ time: START })
    await page.clock.pauseAt(START + 1_000)
    await page.goto('/')
  })

  test('counts down from 1:30 in m:ss and shows Apply Now at 0:00, for good', async ({ page }) => {
    const timer = countdownTimer(page)
    await expect(
      page.getByRole('heading', { level: 2, name: 'Application Will Appear In 1 minute and 30 seconds' }),
    ).toBeVisible()
    await expect(page.getByText('Ready to join? Application button appears in...', { exact: true })).toBeVisible()
    await expect(timer).toHaveText('1:30')
    await expect(applyNowButton(page)).toBeHidden()

    // One second at a time until the page's script has started the countdown. A second step
    // would skip 1:29: each is given time to show, however busy the machine.
    await expect(async () => {
      await page.clock.runFor(1_000)
      await expect(timer).not.toHaveText('1:30', { timeout: 3_000 })
    }).toPass()
    await expect(timer).toHaveText('1:29')

    // Jumping ahead (as a throttled background tab does) shows the true time at once.
    await page.clock.fastForward(28_000)
    await expect(timer).toHaveText('1:01')
    await page.clock.runFor(1_000)
    await expect(timer).toHaveText('1:00')
    await page.clock.runFor(1_000)
    await expect(timer).toHaveText('0:59')
    await page.clock.fastForward(49_000)
    await expect(timer).toHaveText('0:10')
    await page.clock.runFor(9_000)
    await expect(timer).toHaveText('0:01')
    await expect(applyNowButton(page)).toBeHidden()

    await page.clock.runFor(1_000)
    await expect(timer).toHaveText('0:00')
    await expect(applyNowButton(page)).toBeVisible()

    await page.clock.runFor(120_000)
    await expect(timer).toHaveText('0:00')
    await expect(applyNowButton(page)).toBeVisible()
  })

  test('the timer is not a live region that would be read out every second', async ({ page }) => {
    const timer = countdownTimer(page)
    await expect(timer).toBeVisible()
    const liveAncestors = await timer.evaluate((element) => {
      const found: string[] = []
      for (let node: Element | null = element; node; node = node.parentElement) {
        const live = node.getAttribute('aria-live')
        const role = node.getAttribute('role')
        if (live === 'polite' || live === 'assertive') found.push(`<${node.tagName.toLowerCase()} aria-live="${live}">`)
        if (role === 'status' || role === 'alert' || role === 'log')
          found.push(`<${node.tagName.toLowerCase()} role="${role}">`)
      }
      return found
    })
    expect(liveAncestors).toEqual([])
  })
})
