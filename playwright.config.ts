import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium.ts'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  ADMIN_TOTP_EMAIL,
  ANALYTICS_ACCEPT_UA,
  BASE_URL,
  CALENDLY_SIGNING_KEY,
  E2E_PORT,
  E2E_USER_AGENT,
  FOLLOW_UP_AFTER_MINUTES,
  SERVICE_ROLE_KEY,
} from './e2e/support/env.ts'
import { chooseLeadInbox, inboxUrl, notificationEnv } from './e2e/support/lead-inbox.ts'

/**
 * A fresh, empty database for every run. The config is also loaded by each
 * worker; they inherit the variable and reuse the runner's directory instead
 * of making their own. The runner removes it when it exits.
 */
function freshDataDir(): string {
  const inherited = process.env.PLAYWRIGHT_E2E_DATA_DIR
  if (inherited) return inherited
  const dir = mkdtempSync(join(tmpdir(), 'brand-landing-e2e-'))
  process.env.PLAYWRIGHT_E2E_DATA_DIR = dir
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** The server's backups, in a folder of the run's own (unset, they would go beside DATA_DIR: in the shared temp folder). */
function freshBackupDir(): string {
  const inherited = process.env.PLAYWRIGHT_E2E_BACKUP_DIR
  if (inherited) return inherited
  const dir = mkdtempSync(join(tmpdir(), 'brand-landing-e2e-backups-'))
  process.env.PLAYWRIGHT_E2E_BACKUP_DIR = dir
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  return dir
}

const leadInbox = await chooseLeadInbox()

// The embedded database has one opener: the accounts are made before the server opens it.
const addAdmin = (email: string) =>
  `printf %s "$E2E_ADMIN_PASSWORD" | node dist/server/server/cli/admin.js add ${email}`
const startServer = `sh -c '${addAdmin(ADMIN_EMAIL)} && ${addAdmin(ADMIN_TOTP_EMAIL)} && exec node dist/server/server/main.js'`

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: 'list',
  // A guard against a hang, not a speed limit: on a shared 2-core machine under load, one axe
  // check of an inbox screen has taken 50 s, and a test may make two.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    // Headless Chromium names itself so; this one names the marker the server counts anyway.
    userAgent: E2E_USER_AGENT,
    trace: 'retain-on-failure',
    launchOptions: {
      // An empty CHROMIUM_PATH means Playwright's own browser.
      executablePath: CHROMIUM_PATH || undefined,
      // Also set here: a beacon sent as the page unloads leaves with the browser's own User-Agent, not use.userAgent.
      args: [...CHROMIUM_ARGS, `--user-agent=${E2E_USER_AGENT}`],
    },
  },
  // In order: the lead inbox is listening before the server can announce a lead to it.
  webServer: [
    {
      command: 'node --import tsx e2e/support/lead-inbox-server.ts',
      url: inboxUrl(leadInbox, '/received'),
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // `npm run test:e2e` builds the site and the server before this runs.
      command: startServer,
      url: `${BASE_URL}/healthz`,
      // The embedded database's first start (initdb) takes 11–19 s on these machines, then each opening about 3.5 s.
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: freshDataDir(),
        BACKUP_DIR: freshBackupDir(),
        // None on a schedule: the backups the tests take are the only ones.
        BACKUP_INTERVAL_HOURS: '0',
        SERVICE_ROLE_KEY,
        // Several tests submit from the same address within a minute.
        SUBMIT_RATE_LIMIT: '0',
        ANALYTICS_ACCEPT_UA,
        // Every test's page sends its events from the same address.
        EVENTS_RATE_LIMIT: '0',
        E2E_ADMIN_PASSWORD: ADMIN_PASSWORD,
        CALENDLY_WEBHOOK_SIGNING_KEY: CALENDLY_SIGNING_KEY,
        FOLLOW_UP_AFTER_MINUTES: String(FOLLOW_UP_AFTER_MINUTES),
        // The days the specs compute are UTC days; the browser runs elsewhere in e2e/inbox-calls.spec.ts,
        // which shows the inbox keeps to this zone and not the browser's.
        TIMEZONE: 'UTC',
        PUBLIC_URL: BASE_URL,
        ...notificationEnv(leadInbox),
      },
    },
  ],
})
