import { stat } from 'node:fs/promises'
import { expect, test } from './support/fixtures.ts'
import { seriousViolations, signIn, goToView } from './support/inbox.ts'

test.describe('backups from the account page', () => {
  test('"Download a backup now" takes a backup, downloads it, and lists it with a link of its own', async ({
    page,
    browserConsole,
  }) => {
    await signIn(page, browserConsole)
    await goToView(page, 'Account')
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
    const backups = page.getByRole('region', { name: 'Backups' })
    // What a screen reader is told as the backup runs and ends.
    const announced = backups.locator('[aria-live="polite"]')
    const takeNow = backups.getByRole('button', { name: 'Download a backup now' })
    await expect(takeNow).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    // The backup held back on its way to the server, so that the page can be seen while it waits.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let posts = 0
    await page.route('**/api/admin/backups', async (route) => {
      if (route.request().method() === 'POST') {
        posts += 1
        await held
      }
      await route.fallback()
    })

    // By keyboard: the button keeps the focus while the backup runs, and says so.
    const downloading = page.waitForEvent('download')
    await takeNow.focus()
    await page.keyboard.press('Enter')
    const busy = backups.getByRole('button', { name: 'Taking a backup…' })
    await expect(busy).toBeFocused()
    await expect(busy).toHaveAttribute('aria-disabled', 'true')
    await expect(announced).toHaveText('Taking a backup…')
    // A second press while it runs asks for no second backup.
    await page.keyboard.press('Enter')
    release()
    const download = await downloading
    const name = download.suggestedFilename()
    expect(name).toMatch(/^backup-.+-on-demand\.ndjson\.gz$/)
    expect((await stat(await download.path())).size).toBeGreaterThan(0)
    expect(posts).toBe(1)

    await expect(announced).toHaveText(`Backup taken: the download of ${name} has started.`)
    await expect(backups.getByRole('button', { name: 'Download a backup now' })).toBeFocused()
    await expect(backups.getByText(/^Last backup:/)).toBeVisible()
    await expect(backups.getByText(/backups? (is|are) kept on the server\./)).toBeVisible()
    const stored = backups.getByRole('table', { name: 'Stored backups, newest first' })
    const link = stored.getByRole('link', { name, exact: true })
    await expect(link).toBeVisible()
    const row = stored.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) })
    await expect(row).toContainText(/\d\s?(B|kB|MB|GB)/)
    await expect(row).toContainText('On demand')
    expect(await seriousViolations(page)).toEqual([])

    // The list's link downloads the same file again.
    const again = page.waitForEvent('download')
    await link.click()
    expect((await again).suggestedFilename()).toBe(name)
  })
})
