// A steady 100 applications a second for a minute (SOAK_SECONDS; ten minutes
// with `npm run test:soak`) on each database: every one stored, and the
// server's memory flat once warm, so a slow leak shows before production.
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { connectionPool } from './support/http-client.ts'
import { countBy, percentile, runLoad } from './support/load.ts'
import { report } from './support/report.ts'
import { makeApplication, missingFrom, readAllRows, submit } from './support/submissions.ts'
import { serverForSuite } from './support/suite-server.ts'
import { storageTargets } from './support/targets.ts'

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60)
const PER_SECOND = 100
const TOTAL = SECONDS * PER_SECOND
// Enough in flight that a slow answer never holds back the schedule.
const CONNECTIONS = 32
// Warm-up (JIT, pools, PGlite's buffers) ends well within this share of the run.
const WARM_UP_SHARE = 0.25
// Resident memory may move by this much between the warm start and the end.
const FLAT_MB = 32

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function residentMb(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024
}

const median = (values: number[]) => percentile(values, 50)

describe.each(storageTargets())(
  `a soak of ${PER_SECOND} applications a second for ${SECONDS} s on %s`,
  (_name, openTarget) => {
    const suite = serverForSuite(openTarget)

    it(
      'stores every application and keeps the server’s memory flat',
      async () => {
        const pid = suite.server.child.pid ?? 0
        const samples: { at: number; mb: number }[] = []
        let sampling = true
        const sampler = (async () => {
          for (const started = performance.now(); sampling; await sleep(1_000)) {
            samples.push({ at: (performance.now() - started) / 1000, mb: await residentMb(pid) })
          }
        })()

        const agent = connectionPool(CONNECTIONS)
        const sent = Array.from({ length: TOTAL }, (_, n) => makeApplication(n))
        const started = performance.now()
        const { results, elapsedMs } = await runLoad({
          total: TOTAL,
          concurrency: CONNECTIONS,
          maxMs: SECONDS * 1000 + 30_000,
          job: async (n) => {
            // Open loop: application n leaves at its time, however the others fare.
            await sleep(started + (n * 1000) / PER_SECOND - performance.now())
            const sentAt = performance.now()
            const reply = await submit(suite.server.url, sent[n]!, agent)
            return { status: reply.status, ms: performance.now() - sentAt }
          },
        })
        agent.destroy()
        sampling = false
        await sampler

        const rows = await readAllRows(suite.server.url)
        const statuses = countBy(results, (result) => (result.error ? 'network error' : String(result.value?.status)))
        const latencies = results.flatMap((result) => (result.value ? [result.value.ms] : []))
        const warm = samples.filter(
          (sample) => sample.at >= SECONDS * WARM_UP_SHARE && sample.at < SECONDS * (WARM_UP_SHARE + 0.15),
        )
        const end = samples.filter((sample) => sample.at >= SECONDS * 0.85)
        const warmMb = median(warm.map((sample) => sample.mb))
        const endMb = median(end.map((sample) => sample.mb))

        report(`soak on ${suite.target.name}`, {
          seconds: (elapsedMs / 1000).toFixed(0),
          'applications/s': Math.round((results.length / elapsedMs) * 1000),
          statuses: JSON.stringify(statuses),
          'p50 ms': percentile(latencies, 50).toFixed(1),
          'p99 ms': percentile(latencies, 99).toFixed(1),
          'rows stored': rows.length,
          lost: missingFrom(rows, sent).length,
          'resident MB (start, warm, end, peak)': [samples[0]?.mb, warmMb, endMb, Math.max(...samples.map((s) => s.mb))]
            .map((mb) => (mb ?? Number.NaN).toFixed(0))
            .join(', '),
        })

        expect(statuses).toEqual({ 201: TOTAL })
        expect(missingFrom(rows, sent)).toHaveLength(0)
        expect(rows).toHaveLength(TOTAL)
        expect(warm.length).toBeGreaterThan(0)
        expect(end.length).toBeGreaterThan(0)
        // A leak grows; memory the collector hands back (508 → 473 MB in one clean run) is not one.
        expect(
          endMb - warmMb,
          `resident memory went from ${warmMb.toFixed(0)} MB to ${endMb.toFixed(0)} MB`,
        ).toBeLessThan(FLAT_MB)
      },
      SECONDS * 1000 + 120_000,
    )
  },
)
