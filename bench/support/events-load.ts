import { join } from 'node:path'
import { EVENTS_PATH, type EventBatch } from '../../common/analytics.ts'
import { BATCH_HEADERS } from '../../reliability/support/hostile-batches.ts'
import { startServer, stopServer } from '../../reliability/support/server-process.ts'
import type { StorageTarget } from '../../reliability/support/targets.ts'
import { openDatabase } from '../../server/db/open-database.ts'
import { submissionWrk } from './submission-load.ts'
import { runWrkAsync, type WrkFigures } from './wrk.ts'

// What a visitor's page sends when it gets as far as the wizard's third question.
export const BATCH: EventBatch = {
  path: '/',
  source: 'newsletter',
  events: [
    { type: 'page_view' },
    { type: 'results_viewed' },
    { type: 'results_navigated' },
    { type: 'countdown_finished' },
    { type: 'apply_clicked' },
    { type: 'step_viewed', step: 1 },
    { type: 'step_completed', step: 1 },
    { type: 'step_viewed', step: 2 },
    { type: 'step_completed', step: 2 },
    { type: 'step_viewed', step: 3 },
  ],
}

export interface EventsLoad {
  /** Send event batches, applications, or both at once. */
  events: boolean
  applications: boolean
  seconds: number
  /** wrk connections for each of the two loads. */
  connections: number
}

/** wrk posting BATCH to the server at `url`; the answers say nothing of what was stored (see storedEvents). */
export const sendEvents = (url: string, { seconds, connections }: { seconds: number; connections: number }) =>
  runWrkAsync(`${url}${EVENTS_PATH}`, {
    seconds,
    connections,
    headers: BATCH_HEADERS,
    script: { path: join(import.meta.dirname, 'events.lua'), args: [JSON.stringify(BATCH)] },
  })

// A socket error (mostly wrk's 2 s timeout on a machine shared with others) is
// reported, not fatal: the events are counted in the database either way.
function assertAnswered(figures: WrkFigures | undefined, what: string) {
  if (figures?.non2xx) throw new Error(`${what}: ${figures.non2xx} answers other than 2xx`)
}

/** Events the target's database holds; on PGlite, only while no server has it open. */
export async function storedEvents(target: StorageTarget) {
  const db = await openDatabase({ databaseUrl: target.env.DATABASE_URL, dataDir: target.env.DATA_DIR ?? '' })
  try {
    const [row] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM page_events')
    return row?.count ?? 0
  } finally {
    await db.close()
  }
}

/**
 * One run on a freshly started server (the target's database made already);
 * the events it stored are counted once it has stopped (the embedded database
 * belongs to the server while it runs), not from the answers: the route
 * answers 204 to events it drops, too.
 */
export async function runEventsLoad(target: StorageTarget, load: EventsLoad) {
  const before = await storedEvents(target)
  const server = await startServer({ ...target.env, LOG_LEVEL: 'info', EVENTS_RATE_LIMIT: '0' })
  let figures: [WrkFigures | undefined, WrkFigures | undefined]
  try {
    figures = await Promise.all([
      load.events ? sendEvents(server.url, load) : undefined,
      load.applications ? runWrkAsync(...submissionWrk(server.url, load)) : undefined,
    ])
  } finally {
    await stopServer(server)
  }
  const [events, applications] = figures
  assertAnswered(events, 'events')
  assertAnswered(applications, 'applications')
  const stored = (await storedEvents(target)) - before
  return {
    eventsPerSecond: stored / load.seconds,
    batchP99Ms: events?.p99Ms ?? Number.NaN,
    applicationsPerSecond: applications?.requestsPerSecond ?? 0,
    applicationP99Ms: applications?.p99Ms ?? Number.NaN,
    socketErrors: (events?.socketErrors ?? 0) + (applications?.socketErrors ?? 0),
  }
}
