// npm run bench:conversions — how soon an application's conversion reaches each ad platform
// after its 201: in a burst of 1,000 and at a steady 10 applications/s, on PGlite and on
// PostgreSQL. The built server sends to the Meta, Google Ads and TikTok stand-ins
// (server/testing/ad-platforms/) on loopback in this process, which check each request
// against the platform's documented contract; consent is implied for every lead, and each
// application carries its own fbclid, gclid and ttclid. Arrival is the first request that
// carried the lead's event, read in full by the stand-in.
import { AD_PLATFORMS, startAdStandIns } from '../reliability/support/ad-stand-ins.ts'
import { startServer, stopServer } from '../reliability/support/server-process.ts'
import { pgliteTarget, postgresTarget, type StorageTarget } from '../reliability/support/targets.ts'
import { insertCostOfConversions } from './support/conversion-insert-cost.ts'
import { conversionBurst, conversionSteady, type ConversionFigures } from './support/conversion-latency.ts'
import { ensureDebianPackages } from './support/debian-packages.ts'

ensureDebianPackages({ postgresql: '/usr/lib/postgresql' })

// Smaller figures only to check the bench runs; the goals are for the defaults.
const BURST = Number(process.env.BENCH_BURST ?? 1_000)
const STEADY_SECONDS = Number(process.env.BENCH_SECONDS ?? 30)
const STEADY_PER_SECOND = 10
const CONNECTIONS = 16
const GOAL_MS = { burst: 60_000, steady: 5_000 } as const

const seconds = (ms: number) => (Number.isNaN(ms) ? '–' : `${(ms / 1000).toFixed(2)} s`)

function rows(database: string, load: string, goalMs: number, figures: ConversionFigures) {
  return AD_PLATFORMS.map((platform) => {
    const { p50Ms, p95Ms, p99Ms, notArrived } = figures.byPlatform[platform]
    const met = notArrived === 0 && p99Ms <= goalMs
    const missing = notArrived === 0 ? '' : ` (${notArrived} of ${figures.applications} not arrived)`
    return (
      `| ${database} | ${load} | ${platform} | ${seconds(p50Ms)} | ${seconds(p95Ms)} | ${seconds(p99Ms)} | ` +
      `p99 ≤ ${goalMs / 1000} s: ${met ? 'met' : 'NOT met'}${missing} |`
    )
  })
}

console.log(
  `201 to arrival at each platform's stand-in, at ${STEADY_PER_SECOND} applications/s for ${STEADY_SECONDS} s, then in a burst of ` +
    `${BURST} at ${CONNECTIONS} connections. The server, its database, the stand-ins and this process share the machine. ` +
    'Logging at info, as in production.\n',
)
const lines: string[] = []
for (const open of [pgliteTarget, postgresTarget]) {
  const target: StorageTarget = await open()
  const standIns = await startAdStandIns()
  const server = await startServer({ ...target.env, ...standIns.env, LOG_LEVEL: 'info' })
  try {
    const steady = await conversionSteady(server, standIns, {
      perSecond: STEADY_PER_SECOND,
      seconds: STEADY_SECONDS,
      waitMs: 30_000,
    })
    lines.push(...rows(target.name, `${STEADY_PER_SECOND}/s for ${STEADY_SECONDS} s`, GOAL_MS.steady, steady))
    const burst = await conversionBurst(server, standIns, { size: BURST, connections: CONNECTIONS, waitMs: 180_000 })
    lines.push(...rows(target.name, `burst of ${BURST}`, GOAL_MS.burst, burst))
    // Each figure above counts from its own 201; this is the whole burst, from its first request.
    const drained = Math.max(...AD_PLATFORMS.map((platform) => burst.byPlatform[platform].lastAt)) - burst.startedAt
    console.log(
      `${target.name}: the burst was posted in ${seconds(burst.postedMs)}; its last conversion arrived ${seconds(drained)} after its first request`,
    )
    const refusals = Object.values(standIns.refusals()).flat()
    if (refusals.length > 0) console.log(`${target.name}: the stand-ins refused ${refusals.length}: ${refusals[0]}`)
    for (const line of lines.slice(-2 * AD_PLATFORMS.length)) console.log(line)
  } finally {
    await stopServer(server)
    await standIns.close()
    await target.dispose()
  }
}
// What the conversions cost the insert path at saturation: not a goal of its own
// (bench:quick's api figure, with no platform on, is the insert path's), a figure to watch.
const standIns = await startAdStandIns()
try {
  const cost = await insertCostOfConversions(standIns)
  const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(' ')
  console.log(`\nPGlite, 64 connections: three platforms on ${list(cost.on)}/s, none on ${list(cost.off)}/s`)
  lines.push(
    `| PGlite | applications stored at saturation, three platforms on / none on | all | ${cost.onMedian.toFixed(0)}/s / ${cost.offMedian.toFixed(0)}/s | | ratio ${cost.ratio.toFixed(2)} | a figure to watch |`,
  )
} finally {
  await standIns.close()
}
console.log('\n| Database | Load | Platform | p50 | p95 | p99 | Goal |\n|---|---|---|---:|---:|---:|---|')
for (const line of lines) console.log(line)
console.log('\nCommand: npm run bench:conversions')
