// npm run check:budgets — fails when the first view grows past its byte
// budgets or Lighthouse's accessibility, best-practices or SEO score drops
// below 100. Bytes and audits only: timings vary with the machine, so the
// performance score is reported by bench:web and not enforced here.
import { join } from 'node:path'
import { startServer, stopServer } from '../reliability/support/server-process.ts'
import { pgliteTarget } from '../reliability/support/targets.ts'
import { CHROMIUM_PATH } from '../e2e/support/chromium.ts'
import { ensureDebianPackages } from './support/debian-packages.ts'
import { measureFirstView } from './support/first-view-bytes.ts'
import { runLighthouse } from './support/lighthouse.ts'

const KB = 1024
const BUDGETS = { javascript: 75 * KB, css: 10 * KB, beforeScroll: 150 * KB }

const failures: string[] = []
const check = (what: string, value: number, limit: number, unit = 'KB') => {
  const shown = unit === 'KB' ? `${(value / KB).toFixed(1)} KB` : String(value)
  const limitShown = unit === 'KB' ? `${(limit / KB).toFixed(0)} KB` : String(limit)
  const ok = unit === 'KB' ? value <= limit : value >= limit
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}: ${shown} (${unit === 'KB' ? 'at most' : 'at least'} ${limitShown})`)
  if (!ok) failures.push(what)
}

const bytes = await measureFirstView(join(import.meta.dirname, '..', 'dist', 'web'))
check('initial JavaScript, gzip', bytes.javascript, BUDGETS.javascript)
check('CSS, gzip', bytes.css, BUDGETS.css)

if (CHROMIUM_PATH === '/usr/bin/chromium') ensureDebianPackages({ chromium: CHROMIUM_PATH })
const target = await pgliteTarget()
const server = await startServer(target.env)
try {
  const mobile = await runLighthouse(`${server.url}/`, 'mobile')
  check('transferred before scrolling (mobile, video host excluded)', mobile.totalBytes, BUDGETS.beforeScroll)
  check('Lighthouse accessibility', mobile.accessibility, 100, 'score')
  check('Lighthouse best practices', mobile.bestPractices, 100, 'score')
  check('Lighthouse SEO', mobile.seo, 100, 'score')
  if (mobile.failedAudits.length) console.log(`audits not passed: ${mobile.failedAudits.join(', ')}`)
  console.log(`(performance ${mobile.performance}, reported only; see npm run bench:web)`)
} finally {
  await stopServer(server)
  await target.dispose()
}

if (failures.length) {
  console.error(`\nOver budget: ${failures.join('; ')}`)
  process.exitCode = 1
}
