// `npm run docs:screenshots`: docs/images/page.png (the landing page as a
// visitor first sees it) and docs/images/inbox.png (the lead inbox's list),
// each one 1280×800 viewport. Builds the site first when it is out of date, as
// `npm start` does, then runs the built server on a fresh temporary embedded
// database with a few dozen seeded leads and an inbox account made with
// `npm run admin -- add`, and removes it all at the end.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { ADMIN_PAGE_PATH, CSRF_HEADER } from '../common/admin-api.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts'
import { freePort } from '../server/testing/free-port.ts'
import { SEEDS, seedLeads } from './docs-screenshots/seed-leads.ts'

const root = join(import.meta.dirname, '..')
const imagesDir = join(root, 'docs', 'images')
const serverMain = join(root, 'dist', 'server', 'server', 'main.js')
const VIEWPORT = { width: 1280, height: 800 }
const ACCOUNT = { email: 'team@brandscale.example', password: 'docs-screenshots-password' }

/** The server's environment: this run's database and port, and nothing it should not reach. */
function serverEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  // Set, even empty, so that a .env file in the project cannot fill them in.
  const unset = [
    'DATABASE_URL',
    'WEB_ROOT',
    'SERVICE_ROLE_KEY',
    'LEAD_RETENTION_DAYS',
    'LEAD_WEBHOOK_URL',
    'LEAD_WEBHOOK_SECRET',
    'LEAD_SLACK_WEBHOOK_URL',
    'SMTP_URL',
    'LEAD_EMAIL_TO',
    'LEAD_EMAIL_FROM',
  ]
  return {
    ...process.env,
    ...Object.fromEntries(unset.map((name) => [name, ''])),
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    WEB_CONCURRENCY: '1',
    TRUST_PROXY: 'false',
    HSTS_MAX_AGE: '0',
    ANALYTICS: 'off',
    // Pictures need no backup, and one would be written beside this run's temporary data directory.
    BACKUP_INTERVAL_HOURS: '0',
    BACKUP_DIR: '',
  }
}

/** Runs a command to its end, its output shown; throws when it fails. */
function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; input?: string } = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    env: options.env ?? process.env,
    input: options.input,
    stdio: [options.input === undefined ? 'inherit' : 'pipe', 'inherit', 'inherit'],
  })
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})`)
}

/** Starts the built server and waits until it answers /healthz. */
async function startServer(env: NodeJS.ProcessEnv, url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [serverMain], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] })
  const deadline = Date.now() + 150_000
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('The server exited while starting.')
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return child
    if (Date.now() > deadline) {
      if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL')
      throw new Error('The server did not answer /healthz in time.')
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Stops the server by its PID, as a service manager would, and waits for it to exit. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  process.kill(child.pid, 'SIGTERM')
  const late = setTimeout(() => child.pid !== undefined && process.kill(child.pid, 'SIGKILL'), 40_000)
  await exited
  clearTimeout(late)
}

// What the video's frame shows instead of the player, so the picture never depends on another host.
const STAND_IN_PLAYER = `<!doctype html><body style="margin:0;height:100vh;display:grid;place-items:center;background:#111">
<svg width="84" height="60" viewBox="0 0 84 60" role="img" aria-label="Video"><rect width="84" height="60" rx="14" fill="#e11d2a"/><path d="M34 18v24l20-12z" fill="#fff"/></svg></body>`

async function takeScreenshots(browser: Browser, url: string): Promise<void> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, reducedMotion: 'reduce' })
  // Only this server is reached: the video's frame gets a stand-in, anything else is refused.
  await context.route('**/*', (route) => {
    const request = route.request()
    if (request.url().startsWith(url)) return route.continue()
    if (request.resourceType() === 'document') return route.fulfill({ contentType: 'text/html', body: STAND_IN_PLAYER })
    return route.abort()
  })

  const landing = await context.newPage()
  await landing.goto(`${url}/`, { waitUntil: 'load' })
  await landing.getByRole('heading', { level: 1 }).waitFor()
  await landing.evaluate(() => document.fonts.ready)
  await landing.waitForTimeout(500)
  await landing.screenshot({ path: join(imagesDir, 'page.png') })

  const inbox = await context.newPage()
  await inbox.goto(`${url}${ADMIN_PAGE_PATH}`)
  await inbox.getByLabel('Email', { exact: true }).fill(ACCOUNT.email)
  await inbox.getByLabel('Password', { exact: true }).fill(ACCOUNT.password)
  await inbox.getByRole('button', { name: 'Sign in', exact: true }).click()
  await inbox
    .getByRole('table')
    .getByRole('link', { name: SEEDS[0]?.name ?? '', exact: true })
    .waitFor()
  // A team at work has opened all but the latest few leads: only those show as New.
  await inbox.evaluate(
    async ({ api, header, unopened }) => {
      const session = (await (await fetch(`${api}/session`)).json()) as { csrfToken: string }
      const page = (await (await fetch(`${api}/leads`)).json()) as { leads: { id: number }[] }
      for (const { id } of page.leads.slice(unopened)) {
        await fetch(`${api}/leads/${id}/opened`, { method: 'POST', headers: { [header]: session.csrfToken } })
      }
    },
    { api: '/api/admin', header: CSRF_HEADER, unopened: 3 },
  )
  await inbox.reload()
  await inbox.getByRole('link', { name: 'Leads, 3 new' }).waitFor()
  // The pointer rests off the page, so no control shows as hovered.
  await inbox.mouse.move(VIEWPORT.width - 1, VIEWPORT.height - 1)
  await inbox.evaluate(() => document.fonts.ready)
  await inbox.screenshot({ path: join(imagesDir, 'inbox.png') })
  await context.close()
}

async function main() {
  // As `npm start` does: build only when the sources or VITE_* settings changed.
  run(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'ensure-build.ts')])
  mkdirSync(imagesDir, { recursive: true })
  const dataDir = mkdtempSync(join(tmpdir(), 'brand-landing-docs-'))
  let server: ChildProcess | undefined
  let browser: Browser | undefined
  const cleanUp = () => {
    if (server?.pid !== undefined && server.exitCode === null && server.signalCode === null)
      process.kill(server.pid, 'SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  }
  const interrupted = () => {
    cleanUp()
    process.exit(130)
  }
  process.once('SIGINT', interrupted)
  process.once('SIGTERM', interrupted)
  try {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const env = serverEnv(dataDir, port)
    // The embedded database admits one process at a time: the account and the leads go in before the server opens it.
    run('npm', ['run', '-s', 'admin', '--', 'add', ACCOUNT.email], { env, input: `${ACCOUNT.password}\n` })
    await seedLeads(dataDir)
    console.log(`Seeded ${SEEDS.length} leads; starting the server on ${url}.`)
    server = await startServer(env, url)
    // Signing in over plain HTTP is allowed from this machine to a loopback address.
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH || undefined, args: CHROMIUM_ARGS })
    await takeScreenshots(browser, url)
  } finally {
    await browser?.close()
    if (server) await stopServer(server)
    rmSync(dataDir, { recursive: true, force: true })
    process.off('SIGINT', interrupted)
    process.off('SIGTERM', interrupted)
  }
  for (const name of ['page.png', 'inbox.png']) {
    console.log(`docs/images/${name}: ${Math.round(statSync(join(imagesDir, name)).size / 1024)} KB`)
  }
}

await main()
