import { ADMIN_API_PATH } from '../common/admin-api.ts'
import { applicationForm } from '../common/application-form.ts'
import { uniqueAnswers } from './support/application.ts'
import { ADMIN_PASSWORD, ADMIN_TOTP_EMAIL } from './support/env.ts'
import { expect, test } from './support/fixtures.ts'
import {
  inboxNav,
  authenticator,
  callInboxApi,
  leadLink,
  openSignIn,
  seriousViolations,
  signIn,
  signInHeading,
  signOutButton,
  storeLead,
  submitSignIn,
  goToView,
} from './support/inbox.ts'

const MARKUP = '<img src=x onerror=alert(1)>'

test.describe('the lead inbox, guarded', () => {
  test('the sign-in page is axe-clean, refuses a wrong password, and says when the connection is not secure', async ({
    page,
    browserConsole,
  }) => {
    await openSignIn(page, browserConsole)
    await expect(page.getByRole('status')).toHaveCount(0)
    expect(await seriousViolations(page)).toEqual([])
    await submitSignIn(page, { password: 'not-the-password-at-all' })
    await expect(page.getByRole('alert')).toHaveText('That email and password do not match an account.')
    expect(await seriousViolations(page)).toEqual([])

    // What the server says of a plain-HTTP connection from another machine.
    await page.route(`**${ADMIN_API_PATH}/setup`, (route) => route.fulfill({ json: { secureTransport: false } }))
    await page.reload()
    await expect(page.getByRole('status')).toContainText('This connection is not secure')
    expect(await seriousViolations(page)).toEqual([])
  })

  test('signing out ends the session: its cookie gets 401 afterwards', async ({
    page,
    context,
    request,
    browserConsole,
  }) => {
    await signIn(page, browserConsole)
    const cookie = (await context.cookies()).find((each) => each.name.startsWith('__Host-'))
    expect(cookie, 'the session cookie').toBeDefined()
    const withCookie = { headers: { cookie: `${cookie!.name}=${cookie!.value}` } }
    expect((await request.get(`${ADMIN_API_PATH}/session`, withCookie)).status()).toBe(200)

    await signOutButton(page).click()
    await expect(signInHeading(page)).toBeVisible()
    expect((await request.get(`${ADMIN_API_PATH}/session`, withCookie)).status()).toBe(401)
    expect((await request.get(`${ADMIN_API_PATH}/leads`, withCookie)).status()).toBe(401)
    await page.reload()
    await expect(signInHeading(page)).toBeVisible()
  })

  test('a change without the session’s CSRF token is refused', async ({ page, browserConsole }) => {
    await signIn(page, browserConsole)
    browserConsole.expectError(/status of 403/)
    const status = await page.evaluate(async (base) => {
      const response = await fetch(`${base}/erasure`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email":"x@example.com"}',
      })
      return response.status
    }, ADMIN_API_PATH)
    expect(status).toBe(403)
  })

  test('answers holding markup are shown as text: no element made, no script run', async ({
    page,
    request,
    browserConsole,
  }) => {
    const answers = uniqueAnswers()
    const name = `${MARKUP} ${answers.name}`
    const hostile = Object.fromEntries(
      applicationForm.map((field) => [field.key, `${MARKUP} ${answers[field.key]}`]),
    ) as typeof answers
    await storeLead(request, hostile)
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })

    await signIn(page, browserConsole, `/admin?q=${encodeURIComponent(answers.name.split(' ').at(-1)!)}`)
    await expect(leadLink(page, name)).toBeVisible()
    await expect(page.locator('img[src="x"]')).toHaveCount(0)
    await leadLink(page, name).click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.getByText(`${MARKUP} ${answers.challenges}`, { exact: true })).toBeVisible()
    await page.getByLabel('New note').fill(MARKUP)
    await page.getByRole('button', { name: 'Add note' }).click()
    await expect(page.getByRole('region', { name: 'Timeline' }).getByText(MARKUP, { exact: true })).toBeVisible()
    await expect(page.locator('img[src="x"]')).toHaveCount(0)
    expect(dialogs).toEqual([])
  })

  test('the inbox page runs under the strict policy: no inline script or style, nothing refused', async ({
    page,
    request,
    browserConsole,
  }) => {
    const response = await request.get('/admin/leads/1')
    expect(response.status()).toBe(200)
    const policy = response.headers()['content-security-policy'] ?? ''
    expect(policy).toContain("script-src 'self'")
    const html = await response.text()
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/)
    expect(html).not.toMatch(/<style|\sstyle=/)
    // A refused script or style would be a console error, which fails the test.
    await signIn(page, browserConsole, '/admin/no-such-view')
    await expect(page.getByRole('heading', { level: 1, name: 'Nothing here' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('link', { name: 'Back to the leads' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeFocused()
  })

  test('two-factor sign-in: turned on from the account page with the key shown, then a code is asked for; turned off with a code', async ({
    page,
    browserConsole,
  }) => {
    await openSignIn(page, browserConsole)
    await submitSignIn(page, { email: ADMIN_TOTP_EMAIL })
    await goToView(page, 'Account')
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click()
    await expect(page.getByRole('img', { name: 'QR code of the authenticator key' })).toBeVisible()
    const app = authenticator(await page.getByLabel('Key for manual entry').inputValue())
    expect(await seriousViolations(page)).toEqual([])

    browserConsole.expectError(/status of 400/)
    await page.getByLabel('Code from the app').fill('000000' === app.now() ? '111111' : '000000')
    await page.getByRole('button', { name: 'Confirm and turn on' }).click()
    await expect(page.getByRole('alert')).toContainText('That code does not match')
    await page.getByLabel('Code from the app').fill(app.now())
    await page.getByRole('button', { name: 'Confirm and turn on' }).click()
    await expect(page.getByRole('status')).toHaveText('Two-factor authentication is on.')
    const backupCodes = await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents()
    expect(backupCodes).toHaveLength(10)
    expect(await seriousViolations(page)).toEqual([])

    // Not yet ticked as saved: the inbox's own links and Sign out ask first; Cancel keeps the codes in view.
    const asked: string[] = []
    const answer = (accept: boolean) =>
      page.once('dialog', (dialog) => {
        asked.push(dialog.message())
        void (accept ? dialog.accept() : dialog.dismiss())
      })
    answer(false)
    await goToView(page, 'Board')
    answer(false)
    await signOutButton(page).click()
    await expect(page.getByRole('list', { name: 'Backup codes' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
    expect(asked).toEqual(Array(2).fill(expect.stringMatching(/^Your backup codes are not saved yet/)))
    answer(true)
    await signOutButton(page).click()
    await expect(signInHeading(page)).toBeVisible()
    await submitSignIn(page, { email: ADMIN_TOTP_EMAIL })
    const code = page.getByLabel('Authentication code')
    await expect(code).toBeVisible()
    await expect(code).toBeFocused()
    expect(await seriousViolations(page)).toEqual([])
    // The enrolment used this step's code, and a code counts once: the app's next one.
    await code.fill(app.next())
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(inboxNav(page)).toBeVisible()

    // A backup code signs in once.
    await signOutButton(page).click()
    await submitSignIn(page, { email: ADMIN_TOTP_EMAIL })
    await page.getByLabel('Authentication code').fill(backupCodes[0]!)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(inboxNav(page)).toBeVisible()
    await signOutButton(page).click()
    await submitSignIn(page, { email: ADMIN_TOTP_EMAIL })
    await page.getByLabel('Authentication code').fill(backupCodes[0]!)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page.getByRole('alert')).toContainText('That code is not right, or it was already used.')

    await expect(callInboxApi(page, 'GET', '/session').then((answer) => answer.status)).resolves.toBe(401)

    // Turned off again from the account page, with a code (never the password alone): then the password alone signs in.
    await page.getByLabel('Authentication code').fill(backupCodes[1]!)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await goToView(page, 'Account')
    const disableCode = page.getByLabel('Code from the app, or a backup code, to turn it off')
    browserConsole.expectError(/status of 400/)
    await disableCode.fill(ADMIN_PASSWORD)
    await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click()
    await expect(page.getByRole('alert')).toContainText('That code is not right, or it was already used.')
    await disableCode.fill(backupCodes[2]!)
    await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click()
    await expect(page.getByRole('button', { name: 'Turn on two-factor authentication' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await signOutButton(page).click()
    await submitSignIn(page, { email: ADMIN_TOTP_EMAIL })
    await expect(inboxNav(page)).toBeVisible()
  })
})
