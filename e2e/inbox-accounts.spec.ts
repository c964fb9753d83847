import { readFile } from 'node:fs/promises'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import type { TeammateAdded } from '../common/account-api.ts'
import { BASE_URL } from './support/env.ts'
import { expect, test } from './support/fixtures.ts'
import {
  inboxNav,
  authenticator,
  callInboxApi,
  seriousViolations,
  signIn,
  signInHeading,
  submitSignIn,
  goToView,
} from './support/inbox.ts'

const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const

const CHOSEN = 'a teammate’s own long password'

const unique = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

async function openAccount(page: Page) {
  await goToView(page, 'Account')
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
}

/** A browser of the teammate's own: a context that shares nothing with the owner's. */
async function teammateBrowser(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, baseURL: BASE_URL })
  return { context, page: await context.newPage() }
}

/** Opens a set-up link and chooses the password: the teammate lands in the inbox, signed in. */
async function setUp(page: Page, link: string, password = CHOSEN) {
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your inbox account' })).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Password again').fill(password)
  await page.getByRole('button', { name: 'Set password' }).click()
  await expect(inboxNav(page)).toBeVisible()
}

/** A teammate the owner (signed in on `owner`) adds through the API, set up in a context of their own. */
async function newTeammate(browser: Browser, owner: Page, viewport: { width: number; height: number }) {
  const email = unique('mate')
  const added = await callInboxApi(owner, 'POST', '/teammates', { email })
  expect(added.status).toBe(201)
  const { setupToken } = added.body as TeammateAdded
  const mate: { context: BrowserContext; page: Page } = await teammateBrowser(browser, viewport)
  await setUp(mate.page, `/admin/setup#${setupToken}`)
  return { email, ...mate }
}

for (const viewport of VIEWPORTS) {
  test.describe(`accounts at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport })

    test('the owner adds a teammate, who sets a password through the link once and is signed in; removed, they are signed out', async ({
      page,
      browser,
      browserConsole,
    }) => {
      await signIn(page, browserConsole)
      await openAccount(page)
      const team = page.getByRole('region', { name: 'Teammates' })
      await expect(team.getByRole('list', { name: 'Everyone who can sign in to the inbox' })).toContainText('Owner')
      const email = unique('added')
      await team.getByLabel('Teammate’s email').fill(email)
      await team.getByRole('button', { name: 'Add teammate' }).click()
      const linkField = team.getByLabel('Set-up link')
      await expect(linkField).toBeVisible()
      const link = await linkField.inputValue()
      expect(link).toMatch(new RegExp(`^${BASE_URL}/admin/setup#[A-Za-z0-9_-]{43}$`))
      await expect(team.getByRole('listitem').filter({ hasText: email })).toContainText('Has not set a password yet')
      expect(await seriousViolations(page)).toEqual([])
      expect(await noSidewaysScroll(page), 'nothing scrolls sideways').toBe(true)

      const mate = await teammateBrowser(browser, viewport)
      await mate.page.goto(link)
      await expect(mate.page.getByRole('heading', { level: 1, name: 'Set up your inbox account' })).toBeVisible()
      await expect(mate.page.getByText(`Choose the password for ${email}.`)).toBeVisible()
      // The token leaves the address as soon as it is read.
      expect(new URL(mate.page.url()).hash).toBe('')
      expect(await seriousViolations(mate.page)).toEqual([])
      expect(await noSidewaysScroll(mate.page), 'nothing scrolls sideways').toBe(true)
      await mate.page.getByLabel('Password', { exact: true }).fill(CHOSEN)
      await mate.page.getByLabel('Password again').fill(CHOSEN)
      await mate.page.getByRole('button', { name: 'Set password' }).click()
      await expect(inboxNav(mate.page)).toBeVisible()

      // Once only.
      await mate.page.goto(link)
      await expect(mate.page.getByRole('alert')).toHaveText(
        'This set-up link was already used. Sign in with the password you chose then.',
      )
      expect(await seriousViolations(mate.page)).toEqual([])
      await mate.page.goto('/admin')
      await expect(inboxNav(mate.page)).toBeVisible()

      // Removed after a confirmation, by keyboard as well as by pointer.
      await team.getByRole('button', { name: `Remove ${email}` }).click()
      const dialog = page.getByRole('alertdialog', { name: `Remove ${email}?` })
      await expect(dialog).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await team.getByRole('button', { name: `Remove ${email}` }).click()
      await dialog.getByRole('button', { name: 'Remove teammate' }).click()
      await expect(team.getByText(`${email} was removed.`)).toBeVisible()
      await expect(team.getByRole('listitem').filter({ hasText: email })).toHaveCount(0)

      await mate.page.reload()
      await expect(signInHeading(mate.page)).toBeVisible()
      await mate.context.close()
    })

    test('changing the password keeps this browser signed in and signs out another', async ({
      page,
      browser,
      browserConsole,
    }) => {
      await signIn(page, browserConsole)
      const mate = await newTeammate(browser, page, viewport)
      const elsewhere = await teammateBrowser(browser, viewport)
      await elsewhere.page.goto('/admin')
      await submitSignIn(elsewhere.page, { email: mate.email, password: CHOSEN })
      await expect(inboxNav(elsewhere.page)).toBeVisible()

      await openAccount(mate.page)
      const section = mate.page.getByRole('region', { name: 'Password' })
      await section.getByLabel('Current password').fill('not the password at all')
      await section.getByLabel('New password', { exact: true }).fill('the new long password')
      await section.getByLabel('New password again').fill('the new long password')
      await section.getByRole('button', { name: 'Change password' }).click()
      await expect(section.getByRole('alert')).toHaveText('The current password is not right.')
      expect(await seriousViolations(mate.page)).toEqual([])

      await section.getByLabel('Current password').fill(CHOSEN)
      await section.getByLabel('New password', { exact: true }).fill('the new long password')
      await section.getByLabel('New password again').fill('the new long password')
      await section.getByRole('button', { name: 'Change password' }).click()
      await expect(section.getByRole('status')).toHaveText(
        'Password changed. Your other sessions have been signed out.',
      )
      expect(await noSidewaysScroll(mate.page), 'nothing scrolls sideways').toBe(true)

      await elsewhere.page.reload()
      await expect(signInHeading(elsewhere.page)).toBeVisible()
      await mate.page.reload()
      await expect(inboxNav(mate.page)).toBeVisible()
      await submitSignIn(elsewhere.page, { email: mate.email, password: 'the new long password' })
      await expect(inboxNav(elsewhere.page)).toBeVisible()
      await Promise.all([mate.context.close(), elsewhere.context.close()])
    })

    test('backup codes are copied and downloaded, stay until saved, and no tile wraps a code', async ({
      page,
      browser,
      browserConsole,
    }) => {
      await signIn(page, browserConsole)
      const mate = await newTeammate(browser, page, viewport)
      await mate.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL })
      await openAccount(mate.page)
      await mate.page.getByRole('button', { name: 'Turn on two-factor authentication' }).click()
      const app = authenticator(await mate.page.getByLabel('Key for manual entry').inputValue())
      await mate.page.getByLabel('Code from the app').fill(app.now())
      await mate.page.getByRole('button', { name: 'Confirm and turn on' }).click()
      const list = mate.page.getByRole('list', { name: 'Backup codes' })
      await expect(list.getByRole('listitem')).toHaveCount(10)
      const codes = await list.getByRole('listitem').allTextContents()
      expect(await seriousViolations(mate.page)).toEqual([])
      expect(await noSidewaysScroll(mate.page), 'nothing scrolls sideways').toBe(true)
      // One line each, nothing cut off.
      const tiles = await list.getByRole('listitem').evaluateAll((items) =>
        items.map((item) => ({
          fits: item.scrollWidth <= item.clientWidth,
          height: item.getBoundingClientRect().height,
        })),
      )
      for (const tile of tiles) {
        expect(tile.fits).toBe(true)
        expect(tile.height).toBe(tiles[0]?.height)
      }
      expect(tiles[0]?.height).toBeLessThan(40)

      await mate.page.getByRole('button', { name: 'Copy the codes' }).click()
      await expect(mate.page.getByText('Copied to the clipboard.')).toBeVisible()
      expect(await mate.page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'))

      const downloading = mate.page.waitForEvent('download')
      await mate.page.getByRole('button', { name: 'Download as a text file' }).click()
      const download = await downloading
      expect(download.suggestedFilename()).toBe(`backup-codes-${new URL(BASE_URL).hostname}.txt`)
      const text = await readFile(await download.path(), 'utf8')
      for (const code of codes) expect(text).toContain(code)
      expect(text).toContain(mate.email)

      const done = mate.page.getByRole('button', { name: 'Done' })
      await expect(done).toBeDisabled()
      await mate.page.getByLabel('I have saved these codes somewhere safe').check()
      await done.click()
      await expect(list).toBeHidden()
      await expect(mate.page.getByLabel('Code from the app, or a backup code, to turn it off')).toBeVisible()
      await mate.context.close()
    })
  })
}
