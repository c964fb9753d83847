import { expect, test } from './support/fixtures.ts'
import { HEADLINE } from './support/landing.ts'

test.describe('404 page', () => {
  for (const path of ['/no-such-page', '/no-such-page/deeper/still']) {
    test(`${path} answers 404 with a way home and logs the path`, async ({ page, browserConsole }) => {
      // Chromium itself reports the 404 document as a failed resource.
      browserConsole.expectError(/Failed to load resource: the server responded with a status of 404/)
      // The page logs the path (a warning or info is better, but an error is accepted).
      browserConsole.expectError(new RegExp(path))
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.getByText('Oops! Page not found', { exact: true })).toBeVisible()
      const home = page.getByRole('link', { name: 'Return to Home' })
      await expect(home).toHaveAttribute('href', '/')

      await expect
        .poll(
          () => browserConsole.messages().some((message) => message.text.includes(path)),
          'the attempted path is logged',
        )
        .toBe(true)

      await home.click()
      await expect(page).toHaveURL('/')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE)
    })
  }
})
