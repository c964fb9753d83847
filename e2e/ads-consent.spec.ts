import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { ADS_CONSENT_META, adsConsentCopy } from '../common/ads-consent.ts'
import { expectSubmittedToast, fillApplication, uniqueAnswers, wizard } from './support/application.ts'
import { startConsentServer, type ConsentServer } from './support/consent-server.ts'
import { E2E_USER_AGENT } from './support/env.ts'
import { expect, test } from './support/fixtures.ts'
import { HEADLINE, applicationDialog, applyNowButton, openApplication, skipCountdown } from './support/landing.ts'

// The run's server has no ad platform on; this one has Meta and TikTok.
const COPY = adsConsentCopy(['meta', 'tiktok'])
let consentServer: ConsentServer
test.beforeAll(async () => {
  // A PostgreSQL of its own and a server's first start: generous on a shared machine.
  test.setTimeout(180_000)
  consentServer = await startConsentServer()
})
test.afterAll(async () => {
  await consentServer?.stop()
})

const consentBox = (page: Page) => applicationDialog(page).getByRole('checkbox')

/** The consent server's landing page, from an ad click, with the application open. */
async function openApplicationAt(page: Page, landing: string) {
  await page.clock.install()
  await page.goto(landing)
  await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible()
  await skipCountdown(page)
  await applyNowButton(page).click()
  await expect(applicationDialog(page)).toBeVisible()
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }))
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`the ad platforms' consent at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport })

    test('is not asked when no platform is on: no checkbox, and nothing added to the page', async ({ page }) => {
      await openApplication(page)
      await fillApplication(page, uniqueAnswers())
      await expect(wizard(page).submit).toBeVisible()
      await expect(consentBox(page)).toHaveCount(0)
      await expect(page.locator(`meta[name="${ADS_CONSENT_META}"]`)).toHaveCount(0)
    })

    test('is an unticked, labelled checkbox that passes axe, and ticking it stores the consent', async ({ page }) => {
      const landing = `${consentServer.url}/?utm_source=ig&fbclid=IwAR-E2e_Click.${viewport.width}`
      const answers = uniqueAnswers()
      await openApplicationAt(page, landing)
      await fillApplication(page, answers)

      const box = consentBox(page)
      await expect(box).toBeVisible()
      await expect(box).not.toBeChecked()
      await expect(box).toHaveAccessibleName(COPY.label)
      await expect(box).toHaveAccessibleDescription(COPY.details)
      expect(await seriousViolations(page)).toEqual([])

      // Its label is a real one: a tap on the words ticks the box.
      await applicationDialog(page).getByText(COPY.label, { exact: true }).click()
      await expect(box).toBeChecked()
      await wizard(page).submit.click()
      await expectSubmittedToast(page)

      await expect
        .poll(() => consentServer.consentOf(answers.email))
        .toEqual({
          words: `${COPY.label} ${COPY.details}`,
          client_ip: '127.0.0.1',
          user_agent: E2E_USER_AGENT,
          landing_url: landing,
        })
    })

    test('left unticked, stores the application and no consent', async ({ page }) => {
      const answers = uniqueAnswers()
      await openApplicationAt(page, `${consentServer.url}/`)
      await fillApplication(page, answers)
      await expect(consentBox(page)).not.toBeChecked()
      await wizard(page).submit.click()
      await expectSubmittedToast(page)
      expect(await consentServer.applied(answers.email)).toBe(true)
      expect(await consentServer.consentOf(answers.email)).toBeUndefined()
    })
  })
}
