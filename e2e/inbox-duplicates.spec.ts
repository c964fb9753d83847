import type { Page } from '@playwright/test'
import { ADMIN_API_PATH } from '../common/admin-api.ts'
import { uniqueAnswers, type Answers } from './support/application.ts'
import { expect, test } from './support/fixtures.ts'
import { leadLink, seriousViolations, signIn, storeLead } from './support/inbox.ts'

const SCREENS = [
  { name: 'a laptop', viewport: { width: 1366, height: 900 }, phone: false },
  { name: 'a phone', viewport: { width: 390, height: 844 }, phone: true },
] as const

const tagOf = (answers: Answers) => answers.name.split(' ').at(-1) ?? ''

/** The list's row (laptop) or card (phone) of the lead named `name`. */
const listed = (page: Page, phone: boolean, name: string) =>
  phone ? page.getByRole('article', { name, exact: true }) : page.getByRole('row').filter({ has: leadLink(page, name) })

for (const screen of SCREENS) {
  test.describe(`duplicates on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport })

    test('a second application from the same email is marked on both, and merges into one lead with both answers in its history', async ({
      page,
      request,
      browserConsole,
    }) => {
      // One applicant, twice: the same email (typed in capitals the second time), another name and other answers.
      const answers = uniqueAnswers()
      const again: Answers = {
        ...uniqueAnswers(),
        name: `${answers.name} again`,
        email: answers.email.toUpperCase(),
        business: `A second studio ${tagOf(answers)}`,
      }
      const first = await storeLead(request, answers)
      const second = await storeLead(request, again)

      await signIn(page, browserConsole, `/admin?q=${tagOf(answers)}`)
      await expect(page.getByText('2 leads', { exact: true })).toBeVisible()
      for (const name of [answers.name, again.name])
        await expect(listed(page, screen.phone, name)).toContainText('Applied again')
      expect(await seriousViolations(page)).toEqual([])

      // The newer lead's page links to the older and offers the merge.
      await leadLink(page, again.name).click()
      await expect(page.getByRole('heading', { level: 1, name: again.name })).toBeVisible()
      const section = page.getByRole('region', { name: 'Applied again' })
      await expect(section.getByRole('link', { name: answers.name })).toBeVisible()
      await expect(section).toContainText('same email')
      expect(await seriousViolations(page)).toEqual([])

      await section.getByRole('button', { name: `Merge with ${answers.name}` }).click()
      const dialog = page.getByRole('alertdialog', { name: 'Merge these two leads?' })
      await expect(dialog).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await dialog.getByRole('button', { name: 'Merge', exact: true }).click()

      // The older lead is the one kept: the page moves to it, with the newer answers in its history.
      await expect(page).toHaveURL(new RegExp(`/admin/leads/${first}(\\?|$)`))
      await expect(page.getByRole('heading', { level: 1, name: answers.name })).toBeVisible()
      await expect(page.getByRole('region', { name: 'Answers' })).toContainText(answers.business)
      const history = page.getByRole('region', { name: 'Applied again' })
      await expect(history.getByRole('heading', { name: /^Applied again on / })).toBeVisible()
      await expect(history).toContainText(again.business)
      await expect(history).toContainText(again.name)
      await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Applied again on')
      expect(await seriousViolations(page)).toEqual([])
      // Asked outside the page (its cookie, not its console): the merged lead is gone.
      expect((await page.request.get(`${ADMIN_API_PATH}/leads/${second}`)).status()).toBe(404)
      expect((await page.request.get(`${ADMIN_API_PATH}/leads/${first}`)).status()).toBe(200)

      // One lead in the list now, no longer marked.
      await page.goto(`/admin?q=${tagOf(answers)}`)
      await expect(page.getByText('1 lead', { exact: true })).toBeVisible()
      await expect(listed(page, screen.phone, answers.name)).toBeVisible()
      await expect(listed(page, screen.phone, answers.name)).not.toContainText('Applied again')
      await expect(leadLink(page, again.name)).toHaveCount(0)
    })
  })
}
