import type { Page } from '@playwright/test'
import { addDays } from '../common/funnel.ts'
import { utcDay } from '../common/utc-day.ts'
import { uniqueSource } from './support/analytics.ts'
import { expect, test } from './support/fixtures.ts'
import { goToView, seriousViolations, signIn } from './support/inbox.ts'

// The inbox's Spend screen: spend entered by hand, imported from a CSV (all or
// nothing, a bad row named by its line, a re-import replacing rather than
// doubling) and deleted, on a laptop and on a phone. The figures it feeds are
// in e2e/funnel-money.spec.ts.

const VIEWPORTS = [
  { device: 'a laptop', width: 1366, height: 900 },
  { device: 'a phone', width: 390, height: 844 },
] as const

const entriesTable = (page: Page) => page.getByRole('table', { name: /^Spend entered for/ })
/** This test's rows of the entries table: its source is its own. */
const rowsOf = (page: Page, source: string) =>
  entriesTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: source, exact: true }) })

const csvFile = (text: string) => ({ name: 'spend.csv', mimeType: 'text/csv', buffer: Buffer.from(text) })

async function importCsv(page: Page, text: string) {
  const form = page.getByRole('form', { name: 'Import a CSV' })
  await form.getByLabel('CSV file').setInputFiles(csvFile(text))
  await form.getByRole('button', { name: 'Import' }).click()
  return form
}

/** The page itself never scrolls sideways: wide tables scroll inside their own box. */
const expectNoSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)

/** Every control of the screen is at least 44 px tall to tap (a radio's whole label is its target). */
async function expectTapTargets(page: Page) {
  const heights = await page
    .getByRole('main')
    .locator('button, a, input:not([type=radio]), select, label:has(input[type=radio])')
    .evaluateAll((controls) =>
      controls
        .filter((control) => control.getClientRects().length > 0)
        .map((control) => ({
          name: control.textContent?.trim() || control.outerHTML.slice(0, 60),
          height: control.getBoundingClientRect().height,
        }))
        .filter(({ height }) => height < 44),
    )
  expect(heights).toEqual([])
}

for (const { device, width, height } of VIEWPORTS) {
  test.describe(`Spend on ${device}`, () => {
    test.use({ viewport: { width, height } })

    test('spend entered by hand and imported from a CSV lists in its range; a bad row is refused by its line, a re-import replaces, a delete asks first', async ({
      page,
      browserConsole,
    }) => {
      const source = uniqueSource()
      const [day, before] = [addDays(utcDay(), -2), addDays(utcDay(), -3)]
      await signIn(page, browserConsole)
      await goToView(page, 'Spend')
      await expect(page.getByRole('heading', { level: 1, name: 'Spend' })).toBeVisible()

      const form = page.getByRole('form', { name: 'Enter spend' })
      await form.getByLabel('Day', { exact: true }).fill(day)
      await form.getByLabel('Source', { exact: true }).fill(source)
      await form.getByLabel('Amount in USD').fill('84')
      await form.getByRole('button', { name: 'Save spend' }).click()
      await expect(form.getByRole('status')).toContainText(`Saved: $84.00 for ${source}`)
      await expect(rowsOf(page, source)).toHaveCount(1)

      // The refusals below are the browser's failed loads (400), as they should be.
      browserConsole.expectError(/status of 400/)
      // A bad row anywhere refuses the whole file, named by its line (the header is line 1).
      const header = 'date,source,campaign,amount,currency'
      const bad = await importCsv(page, `${header}\n${before},${source},spring,20,\n${before},${source},autumn,lots,\n`)
      await expect(bad.getByRole('alert')).toContainText('Nothing was imported.')
      await expect(bad.getByRole('alert')).toContainText(/line 3/i)
      // Spend in another currency is refused in words, and nothing of the file is kept either.
      await importCsv(page, `${header}\n${before},${source},spring,20,EUR\n`)
      await expect(bad.getByRole('alert')).toContainText('EUR')
      await expect(rowsOf(page, source)).toHaveCount(1)

      const good = `${header}\n${before},${source},spring,20.50,\n${before},${source},autumn,30,USD\n`
      const imported = await importCsv(page, good)
      await expect(imported.getByRole('status')).toHaveText('Imported: 2 new rows, 0 replaced.')
      await expect(rowsOf(page, source)).toHaveCount(3)
      await importCsv(page, good)
      await expect(imported.getByRole('status')).toHaveText('Imported: 0 new rows, 2 replaced.')
      await expect(rowsOf(page, source)).toHaveCount(3)
      await expect(rowsOf(page, source).filter({ hasText: 'spring' })).toContainText('$20.50')

      expect(await seriousViolations(page)).toEqual([])
      await expectNoSidewaysScroll(page)
      await expectTapTargets(page)

      // Delete asks first; Cancel keeps the entry, Delete takes it away.
      const autumn = rowsOf(page, source).filter({ hasText: 'autumn' })
      await autumn.getByRole('button', { name: `Delete the spend of ${source}` }).click()
      const dialog = page.getByRole('alertdialog', { name: 'Delete this spend?' })
      await expect(dialog).toContainText(`$30.00 for ${source}`)
      expect(await seriousViolations(page)).toEqual([])
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await expect(rowsOf(page, source)).toHaveCount(3)
      await autumn.getByRole('button', { name: `Delete the spend of ${source}` }).click()
      await dialog.getByRole('button', { name: 'Delete' }).click()
      await expect(dialog).toBeHidden()
      await expect(rowsOf(page, source)).toHaveCount(2)
      await expect(rowsOf(page, source).filter({ hasText: 'autumn' })).toHaveCount(0)
    })
  })
}
