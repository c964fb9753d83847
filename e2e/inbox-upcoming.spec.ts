import { calendly } from './support/bookings.ts'
import { expect, test } from './support/fixtures.ts'
import { leadLink, leadsNamed, seriousViolations, signIn } from './support/inbox.ts'

const VIEWPORTS = [
  { device: 'a laptop', width: 1366, height: 900 },
  { device: 'a phone', width: 390, height: 844 },
] as const

const DAY = 86_400_000

for (const { device, width, height } of VIEWPORTS) {
  test.describe(`Upcoming calls on ${device}`, () => {
    test.use({ viewport: { width, height } })

    test('lists the leads by their call’s start, soonest first, each with its call’s full date and time', async ({
      page,
      request,
      browserConsole,
    }) => {
      // Applied first, called last: Mon 30's call must not come before Sat 28's for being the newer application.
      const { tag, leads } = await leadsNamed(request, 'Later', 'Sooner')
      const [later, sooner] = leads as [(typeof leads)[number], (typeof leads)[number]]
      const soon = new Date(Date.now() + 2 * DAY)
      soon.setUTCHours(14, 0, 0, 0)
      const late = new Date(soon.getTime() + 2 * DAY)
      await calendly(request, 'invitee.created', { email: later.email, startTime: late.toISOString() })
      await calendly(request, 'invitee.created', { email: sooner.email, startTime: soon.toISOString() })

      await signIn(page, browserConsole, `/admin?booking=upcoming&q=${tag}`)
      const shown = page.getByRole('link', { name: new RegExp(` ${tag}$`) }).locator('visible=true')
      await expect(shown).toHaveText([sooner.name, later.name])
      await expect(page.getByRole('combobox', { name: 'Sort by' }).locator('option:checked')).toHaveText(
        'Soonest call first',
      )
      // The whole date, its year included, and the time: nothing cut.
      const year = String(soon.getUTCFullYear())
      for (const name of [sooner.name, later.name]) {
        const item = page
          .getByRole(width < 640 ? 'listitem' : 'row')
          .filter({ has: leadLink(page, name) })
          .locator('visible=true')
        await expect(item.getByText(new RegExp(`^Call .*${year}.*\\d:\\d\\d`))).toBeVisible()
      }
      expect(await seriousViolations(page)).toEqual([])
    })
  })
}
