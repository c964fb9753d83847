// npm run bench:backup — what a backup of the embedded database costs the
// server that takes it (ADR 028), at 100,000 leads: the backups' time and
// size, taken by the running server at the inbox's "Download a backup now"
// (POST /backups, three in a row); submissions at a steady 100/s and the
// inbox's lead list at 5/s, p50 and p99, just before the backups and during
// them on the same server, and step by step through each backup; every
// application answered 201 stored afterwards; then db:restore of the last
// backup into a new data directory, and db:copy of the data directory (server
// stopped) and of that backup file into PostgreSQL 15.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ADMIN_API_PATH, CSRF_HEADER } from '../common/admin-api.ts'
import type { BackupSummary } from '../common/backup-api.ts'
import { signInOver } from '../reliability/support/admin-account.ts'
import { connectionPool, send } from '../reliability/support/http-client.ts'
import { countBy } from '../reliability/support/load.ts'
import { startServer, stopServer } from '../reliability/support/server-process.ts'
import { makeApplication, submit } from '../reliability/support/submissions.ts'
import { openPglite } from '../server/db/pglite.ts'
import { createAdminAccount } from '../server/testing/admin-session.ts'
import { watchBackupPhases } from './support/backup-phases.ts'
import { phaseRows, printPhaseTable, type Submitted, type Taken } from './support/backup-report.ts'
import { copyIntoPostgres, du, residentBytes, runCli, storedIn } from './support/backup-tools.ts'
import { ensureDebianPackages } from './support/debian-packages.ts'
import { seedInbox } from './support/inbox-timing.ts'
import { pacedLoad, summarize, within, type PacedResult, type Window } from './support/paced-load.ts'

ensureDebianPackages({ postgresql: '/usr/lib/postgresql' })

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000)
const SUBMISSIONS_PER_SECOND = 100
const LIST_PER_SECOND = 5
// A new server process runs its first seconds slower while V8 compiles (ADR 025): not counted.
const WARM_UP_S = 5
const BEFORE_S = Number(process.env.BENCH_BEFORE_SECONDS ?? 30)
const AFTER_S = 5
// A few backups in a row, so "during" holds enough requests for a p99.
const BACKUPS = Number(process.env.BENCH_BACKUPS ?? 3)
const BETWEEN_S = 10
// Bounds: each backup is given this long, and the load never runs past them all plus the rest.
const BACKUP_TIMEOUT_MS = 120_000
const LOAD_MAX_MS = (WARM_UP_S + BEFORE_S + BACKUPS * BETWEEN_S + AFTER_S) * 1000 + BACKUPS * BACKUP_TIMEOUT_MS
const EMAIL = 'bench@example.com'
const PASSWORD = 'bench password, long enough'

const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`
const mb = (bytes: number) => (Number.isNaN(bytes) ? '—' : `${(bytes / 1024 / 1024).toFixed(1)} MB`)
const count = (value: number) => value.toLocaleString('en')
const log = (line: string) => process.stdout.write(`${line}\n`)
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))

const root = await mkdtemp(join(tmpdir(), 'bench-backup-'))
const dataDir = join(root, 'data')
const backupDir = join(root, 'backups')
try {
  // Seeded before the server starts, as bench:admin seeds (then VACUUM ANALYZE), with the inbox account.
  {
    const db = await openPglite(dataDir)
    try {
      const seedSeconds = await seedInbox(db, LEADS)
      await createAdminAccount(db, EMAIL, PASSWORD)
      log(`Seeded ${count(LEADS)} applications in ${seedSeconds.toFixed(1)} s`)
    } finally {
      await db.close()
    }
  }
  const dataDirBytes = await du(dataDir)
  // The WAL is not copied whole: only the segments from the backup's start (snapshot.ts).
  log(`Data directory: ${mb(dataDirBytes)}, of which ${mb(await du(join(dataDir, 'pg_wal')))} is pg_wal`)

  // No scheduled backup (interval 0): the ones measured are the ones asked for, at known moments.
  const server = await startServer({
    DATA_DIR: dataDir,
    BACKUP_DIR: backupDir,
    BACKUP_INTERVAL_HOURS: '0',
    LOG_LEVEL: 'info',
  })
  const pid = server.child.pid ?? 0
  const taken: Taken[] = []
  let submissions: PacedResult<Submitted>[] = []
  let lists: PacedResult<number>[] = []
  const memory: { at: number; bytes: number }[] = []
  // Set when the run ends, or fails: every loop below stops on it.
  let stopping = false
  let watcher: ReturnType<typeof watchBackupPhases> | undefined
  try {
    const session = await signInOver(server.url, EMAIL, PASSWORD)
    const submitAgent = connectionPool(32)
    const listAgent = connectionPool(4)
    const run = Math.random().toString(16).slice(2, 10)
    const submitting = pacedLoad({
      perSecond: SUBMISSIONS_PER_SECOND,
      maxMs: LOAD_MAX_MS,
      stop: () => stopping,
      send: async (index): Promise<Submitted> => {
        const application = makeApplication(index, run)
        const reply = await submit(server.url, application, submitAgent)
        return { id: application.submission_id, status: reply.status }
      },
    })
    const listing = pacedLoad({
      perSecond: LIST_PER_SECOND,
      maxMs: LOAD_MAX_MS,
      stop: () => stopping,
      send: async () =>
        (
          await send(server.url, {
            method: 'GET',
            path: `${ADMIN_API_PATH}/leads`,
            headers: { cookie: session.cookie },
            agent: listAgent,
          })
        ).status,
    })
    const sampling = (async () => {
      while (!stopping) {
        memory.push({ at: performance.now(), bytes: await residentBytes(pid) })
        await sleep(250)
      }
    })()

    await sleep((WARM_UP_S + BEFORE_S) * 1000)
    for (let index = 0; index < BACKUPS; index++) {
      if (index > 0) await sleep(BETWEEN_S * 1000)
      watcher = watchBackupPhases(backupDir)
      const start = performance.now()
      const response = await fetch(`${server.url}${ADMIN_API_PATH}/backups`, {
        method: 'POST',
        headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrfToken },
        signal: AbortSignal.timeout(BACKUP_TIMEOUT_MS),
      })
      const answer = await response.text()
      const end = performance.now()
      const steps = await watcher.stop()
      watcher = undefined
      if (response.status !== 200) throw new Error(`POST /backups answered ${response.status}: ${answer}`)
      taken.push({ summary: JSON.parse(answer) as BackupSummary, start, end, steps })
    }
    await sleep(AFTER_S * 1000)
    stopping = true
    ;[submissions, lists] = await Promise.all([submitting, listing, sampling])
    submitAgent.destroy()
    listAgent.destroy()
  } finally {
    stopping = true
    await watcher?.stop()
    const { code, signal } = await stopServer(server)
    if (code !== 0) log(`The server exited with ${code ?? signal}`)
  }
  const first = taken[0]
  const last = taken.at(-1)
  if (first === undefined || last === undefined) throw new Error('No backup was taken')
  for (const [index, { summary, start, end, steps }] of taken.entries()) {
    const at = (mark: number | undefined) => (mark === undefined ? 'not seen' : seconds(mark - start))
    log(
      `Backup ${index + 1}, ${summary.name}: ${count(summary.bytes)} bytes (${mb(summary.bytes)}) in ${seconds(end - start)}; from POST: ` +
        `files copied from ${at(steps.copying)}, pg_backup_stop back by ${at(steps.stopped)}, the copy opened from ${at(steps.opening)}, ` +
        `rows written from ${at(steps.writing)}, answered at ${at(end)}`,
    )
  }

  const rows = phaseRows({ taken, submissions, lists, memory, beforeS: BEFORE_S, afterS: AFTER_S })
  const stepWindows = (pick: (backup: Taken) => Window): Window[] => taken.map(pick)
  const statusOf = (result: PacedResult<Submitted> | PacedResult<number>) =>
    result.error !== undefined
      ? 'error'
      : String(typeof result.value === 'number' ? result.value : result.value?.status)
  log(
    `Submissions by answer: ${JSON.stringify(countBy(submissions, statusOf))}; lead lists: ${JSON.stringify(countBy(lists, statusOf))}`,
  )

  // Every 201, during the backups and over the whole run, in the database afterwards.
  const during = stepWindows(({ start, end }) => [start, end])
  const acknowledged = submissions.filter((result) => result.value?.status === 201)
  const ackDuring = acknowledged.filter((result) => within(result.dueAt, during))
  const ids = (results: readonly PacedResult<Submitted>[]) => results.map((result) => result.value?.id ?? '')
  const afterwards = await storedIn(dataDir, { all: ids(acknowledged), during: ids(ackDuring) })
  const lostDuring = ackDuring.length - afterwards.during
  const lost = acknowledged.length - afterwards.all
  log(
    `201s during the backups: ${count(ackDuring.length)}, stored afterwards ${count(afterwards.during)}, lost ${lostDuring}; ` +
      `over the run: ${count(acknowledged.length)} 201s, lost ${lost}; ${count(afterwards.applications)} applications in all`,
  )
  if (lost !== 0 || lostDuring !== 0) process.exitCode = 1

  // The last backup restored as an operator restores it, into a new data directory.
  const backupFile = join(backupDir, last.summary.name)
  const restoredDir = join(root, 'restored')
  const restore = await runCli('db-restore', [backupFile], { DATA_DIR: restoredDir }, root)
  log(`db:restore of backup ${taken.length}: ${seconds(restore.ms)} (the command's own words: ${restore.said})`)
  // What it holds: every application answered before it was asked for, and those of its first moments.
  const answeredBefore = acknowledged.filter((result) => result.dueAt + result.ms < last.start)
  const lastDuring = acknowledged.filter((result) => within(result.dueAt, [[last.start, last.end]]))
  const inBackup = await storedIn(restoredDir, { before: ids(answeredBefore), during: ids(lastDuring) })
  log(
    `In the restored backup: ${count(inBackup.applications)} applications; ${count(inBackup.before)} of the ${count(answeredBefore.length)} ` +
      `answered 201 before it was asked for, ${count(inBackup.during)} of the ${count(lastDuring.length)} answered while it ran`,
  )
  if (inBackup.before !== answeredBefore.length) process.exitCode = 1

  // Into PostgreSQL 15: the data directory (the server stopped), and the backup file into another empty database.
  const { copyDir, copyFile } = await copyIntoPostgres(dataDir, backupFile, root)
  log(`db:copy of the data directory: ${seconds(copyDir.ms)} (${copyDir.said})`)
  log(`db:copy of the backup file: ${seconds(copyFile.ms)} (${copyFile.said})`)

  log(
    `\n${count(LEADS)} leads seeded (data directory ${mb(dataDirBytes)}); submissions at ${SUBMISSIONS_PER_SECOND}/s and the inbox's first page of leads at ${LIST_PER_SECOND}/s, ` +
      `open loop, each timed from when it was due; the server logs at info. ${BACKUPS} backups (POST ${ADMIN_API_PATH}/backups) ${BETWEEN_S} s apart, ` +
      `after ${WARM_UP_S} s of load not counted and ${BEFORE_S} s counted as "before".\n`,
  )
  printPhaseTable(rows, log)
  const [before, whole] = rows
  if (before && whole) {
    log(
      `\nDuring / before: submissions p50 × ${(whole.submissions.p50 / before.submissions.p50).toFixed(2)}, p99 × ${(whole.submissions.p99 / before.submissions.p99).toFixed(2)}; ` +
        `lead list p50 × ${(whole.lists.p50 / before.lists.p50).toFixed(2)}, p99 × ${(whole.lists.p99 / before.lists.p99).toFixed(2)}`,
    )
  }
  for (const [index, { start, end }] of taken.entries()) {
    const timeline: string[] = []
    for (let second = start - 2000; second < end + 2000; second += 1000)
      timeline.push(summarize(submissions, [[second, second + 1000]]).max.toFixed(0))
    log(
      `Slowest submission in each second, backup ${index + 1}, from 2 s before it to 2 s after, in ms: ${timeline.join(' ')}`,
    )
  }
  const each = (value: (backup: Taken) => string) => taken.map(value).join(' / ')
  log('\n| | time | size |\n|---|---:|---:|')
  log(
    `| ${BACKUPS} backups, taken by the running server (POST until its answer) | ${each(({ start, end }) => seconds(end - start))} | ${each(({ summary }) => mb(summary.bytes))} |`,
  )
  log(
    `| db:restore of backup ${taken.length} into a new data directory | ${seconds(restore.ms)} | ${mb(await du(restoredDir))} data directory |`,
  )
  log(`| db:copy of the data directory into PostgreSQL 15 | ${seconds(copyDir.ms)} | ${mb(dataDirBytes)} when seeded |`)
  log(`| db:copy of backup ${taken.length} into PostgreSQL 15 | ${seconds(copyFile.ms)} | ${mb(last.summary.bytes)} |`)
  log(
    `\nApplications lost: ${lostDuring} of the ${count(ackDuring.length)} answered 201 during the backups, ${lost} of ${count(acknowledged.length)} over the run.`,
  )
} finally {
  await rm(root, { recursive: true, force: true })
}
