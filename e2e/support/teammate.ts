import type { Browser, Page } from '@playwright/test'
import type { TeammateAdded } from '../../common/account-api.ts'
import { BASE_URL } from './env.ts'
import { expect } from './fixtures.ts'
import { callInboxApi, inboxNav } from './inbox.ts'

const PASSWORD = 'a test teammate’s long password'

/**
 * A teammate of the test's own, added by the owner (signed in on `owner`) and
 * signed in through the setup link in a browser of their own: nothing another
 * test does gives them leads or opens leads for them. `prepare` runs on their
 * page before it first loads (routes, init scripts).
 */
export async function freshTeammate(
  browser: Browser,
  owner: Page,
  viewport: { width: number; height: number },
  prepare?: (page: Page) => Promise<unknown>,
) {
  const email = `teammate-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
  const added = await callInboxApi(owner, 'POST', '/teammates', { email })
  expect(added.status).toBe(201)
  const { teammate, setupToken } = added.body as TeammateAdded
  const context = await browser.newContext({ viewport, baseURL: BASE_URL })
  const page = await context.newPage()
  await prepare?.(page)
  await page.goto(`/admin/setup#${setupToken}`)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Password again').fill(PASSWORD)
  await page.getByRole('button', { name: 'Set password' }).click()
  await expect(inboxNav(page)).toBeVisible()
  return {
    id: teammate.id,
    email,
    page,
    /** Closes their browser and removes the account: their leads become unassigned. */
    remove: async () => {
      await context.close()
      expect((await callInboxApi(owner, 'DELETE', `/teammates/${teammate.id}`)).status).toBe(204)
    },
  }
}
