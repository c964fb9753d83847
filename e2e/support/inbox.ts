import { AxeBuilder } from '@axe-core/playwright'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { ADMIN_API_PATH, ADMIN_PAGE_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import type { Attribution } from '../../common/attribution.ts'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { uniqueAnswers, type Answers } from './application.ts'
import { ADMIN_EMAIL, ADMIN_PASSWORD, SERVICE_ROLE_KEY } from './env.ts'
import { expect, type BrowserConsole } from './fixtures.ts'

/**
 * The lead inbox (/admin) as its user finds it: by role, label and text.
 * Not to be confused with lead-inbox.ts, the receiver of the server's webhooks and emails.
 */

/** Chromium logs every 401 as a failed resource: the inbox asks for the session before anyone signs in. */
export const expectSignedOutRequests = (browserConsole: BrowserConsole) => browserConsole.expectError(/status of 401/)

export const signInHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Sign in to the lead inbox' })
export const inboxNav = (page: Page) => page.getByRole('navigation', { name: 'Inbox' })
export const signOutButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Sign out' })
/** The nav's menu button, shown below 1024 px in place of its links. */
export const navMenuButton = (page: Page) => inboxNav(page).getByRole('button', { name: /^Menu/ })

/** Follows the nav's link `name`, unfolding the menu first where the screen is narrow enough to have one. */
export async function goToView(page: Page, name: string): Promise<void> {
  const menu = navMenuButton(page)
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click()
  // From the start of the link's name: "Leads, 3 new", never "To chase, 3 leads".
  await inboxNav(page)
    .getByRole('link', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
    .click()
}

/** Opens the inbox signed out: the sign-in page. */
export async function openSignIn(page: Page, browserConsole: BrowserConsole, path = ADMIN_PAGE_PATH): Promise<void> {
  expectSignedOutRequests(browserConsole)
  await page.goto(path)
  await expect(signInHeading(page)).toBeVisible()
}

/** Fills the sign-in form and sends it; `code` is typed into the code field, which must already show. */
export async function submitSignIn(
  page: Page,
  { email = ADMIN_EMAIL, password = ADMIN_PASSWORD, code }: { email?: string; password?: string; code?: string } = {},
) {
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  if (code !== undefined) await page.getByLabel('Authentication code').fill(code)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** Signs in with the e2e account (no second factor) and waits for the leads. */
export async function signIn(page: Page, browserConsole: BrowserConsole, path = ADMIN_PAGE_PATH): Promise<void> {
  await openSignIn(page, browserConsole, path)
  await submitSignIn(page)
  await expect(inboxNav(page)).toBeVisible()
}

/** The list's row (wide screens) of the lead with this name. */
export const leadRow = (page: Page, name: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) })

export const leadLink = (page: Page, name: string): Locator => page.getByRole('link', { name, exact: true })

/**
 * Stores an application through the submission call the landing page makes,
 * and returns its id: the service-role key may read back what it inserted.
 */
export async function storeLead(
  request: APIRequestContext,
  answers: Answers,
  attribution?: Attribution,
): Promise<number> {
  const response = await request.post(CONTACT_SUBMISSIONS_PATH, {
    data: [{ ...answers, submission_id: crypto.randomUUID(), ...(attribution ? { attribution } : {}) }],
    headers: { apikey: SERVICE_ROLE_KEY, prefer: 'return=representation' },
  })
  expect(response.status(), await response.text()).toBe(201)
  const [row] = (await response.json()) as { id: number | string }[]
  return Number(row!.id)
}

/** A test's leads, first names `firsts` and a last name of their own (the tag): other tests' leads never match it. */
export async function leadsNamed(request: APIRequestContext, ...firsts: string[]) {
  const tag = uniqueAnswers().name.split(' ').at(-1) ?? ''
  const leads = []
  for (const first of firsts) {
    const answers = { ...uniqueAnswers(), name: `${first} ${tag}` }
    leads.push({ ...answers, id: await storeLead(request, answers) })
  }
  return { tag, leads }
}

export interface ApiAnswer {
  status: number
  body: unknown
}

/**
 * Calls the inbox's API from the page, with its session cookie (and, for a
 * change, the CSRF token the session hands out), as the inbox itself would.
 */
export async function callInboxApi(page: Page, method: string, path: string, body?: unknown): Promise<ApiAnswer> {
  return page.evaluate(
    async ({ base, header, method, path, body }) => {
      let token: string | undefined
      if (method !== 'GET') {
        const session = await fetch(`${base}/session`)
        if (session.ok) token = ((await session.json()) as { csrfToken: string }).csrfToken
      }
      const headers: Record<string, string> = {}
      if (token) headers[header] = token
      if (body !== undefined) headers['content-type'] = 'application/json'
      const response = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await response.text()
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined }
    },
    { base: ADMIN_API_PATH, header: CSRF_HEADER, method, path, body },
  )
}

/** Serious and critical axe violations on the inbox's current screen. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }))
}

/** An authenticator app holding the key the inbox showed: the usual settings (SHA-1, six digits, 30 s). */
export function authenticator(base32: string) {
  const totp = new TOTP({
    secret: Secret.fromBase32(base32.replace(/\s+/g, '')),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  })
  return {
    now: () => totp.generate(),
    /** The code of the next 30 s: the server allows one step either side, and a step already used counts once. */
    next: () => totp.generate({ timestamp: Date.now() + 30_000 }),
  }
}

/** A lead's timeline, every line of it shown: it shows the latest few until asked for all. */
export async function fullTimeline(page: Page): Promise<Locator> {
  const timeline = page.getByRole('region', { name: 'Timeline' })
  await expect(timeline.getByRole('listitem').first()).toBeVisible()
  const showAll = timeline.getByRole('button', { name: /^Show all/ })
  if (await showAll.isVisible()) await showAll.click()
  return timeline
}
