// npm run bench:web — Lighthouse on the built site as our server serves it.
// Prints medians of three runs per preset, and the first-view bundle sizes.
import { join } from 'node:path'
import { CHROMIUM_PATH } from '../e2e/support/chromium.ts'
import { startServer, stopServer } from '../reliability/support/server-process.ts'
import { pgliteTarget } from '../reliability/support/targets.ts'
import { ensureDebianPackages } from './support/debian-packages.ts'
import { FIRST_VIEW_BUDGETS as BUDGETS, kilobytes as kb, measureFirstView } from './support/first-view-bytes.ts'
import { median, runLighthouse, type LighthouseFigures, type Preset } from './support/lighthouse.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)

if (CHROMIUM_PATH === '/usr/bin/chromium') ensureDebianPackages({ chromium: CHROMIUM_PATH })
const target = await pgliteTarget()
const server = await startServer(target.env)
try {
  const bytes = await measureFirstView(join(import.meta.dirname, '..', 'dist', 'web'))
  console.log('First view, gzip (budget): ')
  console.log(
    `  HTML ${kb(bytes.html)} · JavaScript ${kb(bytes.javascript)} (${kb(BUDGETS.javascript, 0)}) · CSS ${kb(bytes.css)} (${kb(BUDGETS.css, 0)})`,
  )

  for (const preset of ['mobile', 'desktop'] satisfies Preset[]) {
    const runs: LighthouseFigures[] = []
    for (let run = 0; run < RUNS; run++) runs.push(await runLighthouse(`${server.url}/`, preset))
    const m = (pick: (figures: LighthouseFigures) => number) => median(runs.map(pick))
    console.log(`\nLighthouse ${preset}, median of ${RUNS} runs`)
    console.log(
      `  performance ${m((f) => f.performance)} · accessibility ${m((f) => f.accessibility)} · best practices ${m((f) => f.bestPractices)} · SEO ${m((f) => f.seo)}`,
    )
    console.log(
      `  FCP ${m((f) => f.fcpMs).toFixed(0)} ms · LCP ${m((f) => f.lcpMs).toFixed(0)} ms · TBT ${m((f) => f.tbtMs).toFixed(0)} ms · CLS ${m((f) => f.cls).toFixed(3)} · Speed Index ${m((f) => f.speedIndexMs).toFixed(0)} ms`,
    )
    console.log(
      `  transferred ${kb(m((f) => f.totalBytes))} (${kb(BUDGETS.beforeScroll, 0)} before scrolling, video host excluded)`,
    )
    const failed = [...new Set(runs.flatMap((f) => f.failedAudits))]
    if (failed.length) console.log(`  audits not passed: ${failed.join(', ')}`)
  }
  console.log('\nCommand: npm run bench:web')
} finally {
  await stopServer(server)
  await target.dispose()
}
