import { performance } from 'node:perf_hooks'
import { ADMIN_API_PATH } from '../../common/admin-api.ts'
import type { LeadPage } from '../../common/lead-list-api.ts'
import { buildApp } from '../../server/app.ts'
import { parseConfig } from '../../server/config.ts'
import type { Database } from '../../server/db/database.ts'
import { migrate } from '../../server/db/migrate.ts'
import { createAdminAccount, signIn } from '../../server/testing/admin-session.ts'
import { seedLeads } from '../../server/testing/seed-leads.ts'

const PASSWORD = 'bench password, long enough'

/** Nearest-rank percentile of numbers sorted ascending. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN

/** Migrates `db` and fills it with `leads` applications; resolves to the seconds the seeding took. */
export async function seedInbox(db: Database, leads: number): Promise<number> {
  await migrate(db)
  const seedStart = performance.now()
  await seedLeads(db, leads, { spamPercent: 1, spacingSeconds: 300 })
  const seedSeconds = (performance.now() - seedStart) / 1000
  // Seeded leads are old news: the notifier would spend the run emptying the outbox.
  await db.exec('DELETE FROM lead_outbox')
  // What autovacuum does on PostgreSQL soon after a bulk load, and the server's
  // own sweep at start (server/leads/lead-retention.ts) on both: done here, so
  // it is over before the first measurement.
  await db.exec('VACUUM ANALYZE')
  return seedSeconds
}

/**
 * The whole app on `db` in this process with a signed-in inbox session: each
 * request goes through routing, the session guard, the query and the JSON
 * answer by app.inject, with no socket, so its time is the server's own.
 */
export async function openInbox(db: Database) {
  const app = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent' }), db })
  await app.ready()
  try {
    const email = await createAdminAccount(db, 'bench@example.com', PASSWORD)
    const { cookie } = await signIn(app, email, PASSWORD)
    return {
      /** One inbox API request, e.g. `/leads?q=hopper`; throws on anything but 200. */
      async get<T = LeadPage>(path: string) {
        const response = await app.inject({ url: `${ADMIN_API_PATH}${path}`, headers: { cookie } })
        if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`)
        return response.json<T>()
      },
      /** The ETag of a 200 answer to `path`, for a conditional request. */
      async tagOf(path: string): Promise<string> {
        const response = await app.inject({ url: `${ADMIN_API_PATH}${path}`, headers: { cookie } })
        const tag = response.headers.etag
        if (response.statusCode !== 200 || typeof tag !== 'string')
          throw new Error(`${path}: ${response.statusCode}, no ETag`)
        return tag
      },
      /** A live poll that finds nothing changed: `path` with If-None-Match `tag`; throws on anything but 304. */
      async unchanged(path: string, tag: string): Promise<void> {
        const response = await app.inject({
          url: `${ADMIN_API_PATH}${path}`,
          headers: { cookie, 'if-none-match': tag },
        })
        if (response.statusCode !== 304) throw new Error(`${path}: ${response.statusCode}, not 304`)
      },
      close: () => app.close(),
    }
  } catch (error) {
    await app.close()
    throw error
  }
}

/** Runs `request` `warmup` times untimed, then `count` times timed; resolves to the times, sorted, and what each returned. */
export async function timeEach<T>(
  request: (index: number) => Promise<T>,
  { warmup, count }: { warmup: number; count: number },
) {
  for (let index = 0; index < warmup; index++) await request(index)
  const times: number[] = []
  const results: T[] = []
  for (let index = 0; index < count; index++) {
    const start = performance.now()
    results.push(await request(index))
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return { times, results }
}
