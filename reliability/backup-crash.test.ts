// The server backs its embedded database up while it runs (ADR 028). A kill -9
// in the middle of a backup must cost nothing: the backups already complete
// stay whole, what the cut one left is never listed as a backup and is cleared
// by the next one, no acknowledged application is lost, and the next backup
// restores.
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../common/admin-api.ts'
import type { BackupList, BackupSummary } from '../common/backup-api.ts'
import { listBackups, STAGING_PREFIX, type StoredBackup } from '../server/backups/backup-store.ts'
import { CHECKSUM_SUFFIX, fileSha256 } from '../server/db-copy/backup-file.ts'
import { verifyBackupFile } from '../server/db-copy/backup-reader.ts'
import { addAdminAccount, signInOver, type AdminSignIn } from './support/admin-account.ts'
import { connectionPool } from './support/http-client.ts'
import { openTargetDatabase } from './support/lead-webhooks.ts'
import { countBy, runLoad } from './support/load.ts'
import { report } from './support/report.ts'
import { startServer, stopServer, type ServerProcess } from './support/server-process.ts'
import { makeApplication, missingFrom, readAllRows, submit, type Application } from './support/submissions.ts'
import { pgliteTarget, type StorageTarget } from './support/targets.ts'

const OWNER = 'owner@example.com'
const PASSWORD = 'reliability backup password'
const BACKUPS = `${ADMIN_API_PATH}/backups`
const RESTORE_CLI = join(import.meta.dirname, '..', 'dist', 'server', 'server', 'cli', 'db-restore.js')

// The "Done when" of online backups: a server started with an empty BACKUP_DIR has one within a minute.
const FIRST_BACKUP_WITHIN_MS = 60_000
// Enough applications that a backup takes seconds (the dump of the copy, above all): the kill lands inside it.
const SEED = 30_000
const SEED_CONNECTIONS = 16
const SEED_MAX_MS = 150_000
// Visitors meanwhile: about 100 applications a second, bounded in count and time.
const PACE_MS = 10
const PACED_MAX = 9_000
const PACED_CONNECTIONS = 8
const PACED_MAX_MS = 90_000
// How long the paced load runs before the backup is asked for, and the longest wait for the phase the kill comes in.
const BEFORE_BACKUP_MS = 1_000
const PHASE_WITHIN_MS = 60_000
// A backup of the whole database, asked for over HTTP, answers when complete.
const BACKUP_ANSWER_MS = 180_000

type Phase = 'snapshot' | 'write'
const PHASE_WORDS: Record<Phase, string> = {
  snapshot: 'its snapshot of the data directory',
  write: 'the writing of its rows',
}

const isPartial = (name: string) => /^backup-.+\.ndjson\.gz\.partial$/.test(name)
const isLeftover = (name: string) => name.endsWith('.partial') || name.startsWith(STAGING_PREFIX)
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** Asks the server for a backup now, as the inbox's account page does; resolves with the answer. */
async function takeBackup(baseUrl: string, session: AdminSignIn) {
  const response = await fetch(`${baseUrl}${BACKUPS}`, {
    method: 'POST',
    headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrfToken },
    signal: AbortSignal.timeout(BACKUP_ANSWER_MS),
  })
  return { status: response.status, body: await response.text() }
}

/** The sha256 a backup's .sha256 file names (sha256sum's format). */
async function recordedSha256(path: string) {
  return (await readFile(`${path}${CHECKSUM_SUFFIX}`, 'utf8')).split(/\s/)[0]
}

/** The built `db:restore FILE` into `dataDir`, as an operator runs it. */
function restore(file: string, dataDir: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [RESTORE_CLI, file],
      { env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir }, timeout: 180_000, maxBuffer: 4 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    )
  })
}

describe('kill -9 of the server while it backs up its embedded database', () => {
  let target: StorageTarget
  let backupDir: string
  let restoreRoot: string
  let env: Record<string, string>
  let server: ServerProcess | undefined
  // Carried from case to case: they run in order, on one data directory and one BACKUP_DIR.
  let first: StoredBackup & { sha256: string }
  const acknowledged: Application[] = []
  const run = randomUUID().slice(0, 8)

  beforeAll(async () => {
    target = await pgliteTarget()
    backupDir = await mkdtemp(join(tmpdir(), 'reliability-backups-'))
    restoreRoot = await mkdtemp(join(tmpdir(), 'reliability-restore-'))
    // startServer takes no backups unless told: '' is unset, so BACKUP_INTERVAL_HOURS is its default (24).
    env = { ...target.env, BACKUP_DIR: backupDir, BACKUP_INTERVAL_HOURS: '' }
    // The embedded database admits one process: the account is made before the server opens it.
    await addAdminAccount(target.env, OWNER, PASSWORD)
  })

  afterAll(async () => {
    if (server) await stopServer(server)
    await target?.dispose()
    if (backupDir !== undefined) await rm(backupDir, { recursive: true, force: true })
    if (restoreRoot !== undefined) await rm(restoreRoot, { recursive: true, force: true })
  })

  it(`has a complete backup (file and .sha256) in an empty BACKUP_DIR within ${FIRST_BACKUP_WITHIN_MS / 1000} s of the start`, async () => {
    expect(await readdir(backupDir)).toEqual([])
    const started = Date.now()
    server = await startServer(env)
    const readyMs = Date.now() - started
    let backups: StoredBackup[] = []
    while (Date.now() - started < FIRST_BACKUP_WITHIN_MS) {
      backups = await listBackups(backupDir)
      if (backups.length > 0) break
      await sleep(100)
    }
    const completeMs = Date.now() - started
    // The backup counts once its .sha256 is written; its snapshot's folder is deleted just after.
    let files = await readdir(backupDir)
    while (files.some(isLeftover) && Date.now() - started < 2 * FIRST_BACKUP_WITHIN_MS) {
      await sleep(100)
      files = await readdir(backupDir)
    }

    report('the first backup of a server started with an empty BACKUP_DIR, on PGlite', {
      'start until ready (healthz)': seconds(readyMs),
      'start until the backup is complete': backups.length > 0 ? seconds(completeMs) : 'none',
      'BACKUP_DIR holds': files.join(', '),
    })

    expect(backups).toHaveLength(1)
    expect(completeMs).toBeLessThanOrEqual(FIRST_BACKUP_WITHIN_MS)
    const [backup] = backups
    if (backup === undefined) return
    expect(files.sort()).toEqual([backup.name, `${backup.name}${CHECKSUM_SUFFIX}`])
    const sha256 = await fileSha256(backup.path)
    expect(await recordedSha256(backup.path)).toBe(sha256)
    await verifyBackupFile(backup.path)
    first = { ...backup, sha256 }
  })

  /**
   * Keeps visitors applying (about 100 a second), asks for a backup as the inbox
   * does, and kills the server by its PID once that backup reaches `phase`: its
   * snapshot's folder there and no .partial yet (the data directory being
   * copied, the database in backup mode), or its .partial there (the rows
   * being written by the worker).
   */
  async function killDuringBackup(live: ServerProcess, phase: Phase, firstIndex: number) {
    const session = await signInOver(live.url, OWNER, PASSWORD)
    const before = new Set(await readdir(backupDir))
    let dead = false
    void live.exited.then(() => (dead = true))
    const batch = Array.from({ length: PACED_MAX }, (_, n) => makeApplication(firstIndex + n, run))
    const agent = connectionPool(PACED_CONNECTIONS)
    const pacedStart = performance.now()
    const paced = runLoad({
      total: PACED_MAX,
      concurrency: PACED_CONNECTIONS,
      maxMs: PACED_MAX_MS,
      stop: () => dead,
      job: async (n) => {
        const wait = pacedStart + n * PACE_MS - performance.now()
        if (wait > 0) await sleep(wait)
        return submit(live.url, batch[n]!, agent)
      },
    })
    await sleep(BEFORE_BACKUP_MS)

    const askedAt = performance.now()
    let answered: { status: number; body: string } | { error: unknown } | undefined
    const asked = takeBackup(live.url, session).then(
      (reply) => (answered = reply),
      (error: unknown) => (answered = { error }),
    )
    // Only what this backup makes: an earlier kill's leftovers may still be there until it clears them.
    const reached = (names: string[]) => {
      const fresh = names.filter((name) => !before.has(name))
      const staging = fresh.some((name) => name.startsWith(STAGING_PREFIX))
      const partial = fresh.some(isPartial)
      return phase === 'snapshot' ? staging && !partial : partial
    }
    let atKill: string[] = []
    while (answered === undefined && performance.now() - askedAt < PHASE_WITHIN_MS) {
      atKill = await readdir(backupDir)
      if (reached(atKill)) break
      await sleep(5)
    }
    const killedInPhase = answered === undefined && reached(atKill)
    const killMs = performance.now() - askedAt
    // No new request after the kill: the load stops here, not when the exit is noticed.
    dead = true
    process.kill(live.child.pid!, 'SIGKILL')
    const exit = await live.exited
    await asked
    const { results } = await paced
    agent.destroy()
    const pacedMs = performance.now() - pacedStart
    for (const result of results) if (result.value?.status === 201) acknowledged.push(batch[result.index]!)
    const left = (await readdir(backupDir)).sort()
    return {
      exit,
      killedInPhase,
      answered,
      killMs,
      sent: results.length,
      statuses: countBy(results, (result) => result.value?.status ?? 'network error'),
      pacedMs,
      // What this backup left: never listed as a backup.
      leftovers: left.filter((name) => isLeftover(name) && !before.has(name)),
      left,
      listed: await listBackups(backupDir),
    }
  }

  it('keeps the first backup whole and lists nothing of a backup cut short, in its snapshot or in its writing', async () => {
    expect(first).toBeDefined()
    const seedOn = server
    if (seedOn === undefined) throw new Error('The server of the case before is not running')

    // Enough leads that a backup takes seconds, sent as fast as the server takes them.
    const seedAgent = connectionPool(SEED_CONNECTIONS)
    const seedBatch = Array.from({ length: SEED }, (_, n) => makeApplication(n, run))
    const seeded = await runLoad({
      total: SEED,
      concurrency: SEED_CONNECTIONS,
      maxMs: SEED_MAX_MS,
      job: (n) => submit(seedOn.url, seedBatch[n]!, seedAgent),
    })
    seedAgent.destroy()
    for (const result of seeded.results) if (result.value?.status === 201) acknowledged.push(seedBatch[result.index]!)
    expect(countBy(seeded.results, (result) => result.value?.status ?? 'network error')).toEqual({ 201: SEED })

    const phases: Phase[] = ['snapshot', 'write']
    for (const [round, phase] of phases.entries()) {
      server ??= await startServer(env)
      const live = server
      const acknowledgedBefore = acknowledged.length
      const crash = await killDuringBackup(live, phase, SEED + round * PACED_MAX)
      server = undefined

      report(
        `kill -9 while the server backs up its embedded database (${PHASE_WORDS[phase]}), with applications arriving`,
        {
          ...(round === 0 ? { 'seeded (201) in': `${seeded.results.length} in ${seconds(seeded.elapsedMs)}` } : {}),
          'paced applications sent (answers)': `${crash.sent} (${JSON.stringify(crash.statuses)}) in ${seconds(crash.pacedMs)}`,
          'from asking for the backup to the kill': seconds(crash.killMs),
          'the backup request':
            crash.answered && 'status' in crash.answered ? `answered ${crash.answered.status}` : 'no answer (killed)',
          'BACKUP_DIR after the kill': crash.left.join(', '),
          'listed as backups': crash.listed.map((backup) => backup.name).join(', '),
        },
      )

      expect(crash.exit.signal).toBe('SIGKILL')
      // The kill came inside the backup's phase, before it answered.
      expect(crash.killedInPhase, phase).toBe(true)
      expect(crash.answered).toHaveProperty('error')
      expect(acknowledged.length).toBeGreaterThan(acknowledgedBefore)
      expect(crash.leftovers.some((name) => name.startsWith(STAGING_PREFIX))).toBe(true)
      if (phase === 'write') expect(crash.leftovers.some(isPartial)).toBe(true)

      // The first backup is whole: the bytes its .sha256 names, read to its last line as a restore would.
      expect(await fileSha256(first.path)).toBe(first.sha256)
      expect(await recordedSha256(first.path)).toBe(first.sha256)
      const header = await verifyBackupFile(first.path)
      expect(header.tables.map((table) => table.name)).toContain('contact_submissions')
      // What the cut backup left is not a backup.
      expect(crash.listed.map((backup) => backup.name)).toEqual([first.name])
    }
  })

  it('after the restart keeps every acknowledged application, and the next backup clears the leftovers and restores', async () => {
    expect(acknowledged.length).toBeGreaterThan(SEED)
    const leftoversBefore = (await readdir(backupDir)).filter(isLeftover)
    expect(leftoversBefore.length).toBeGreaterThan(0)

    const restartedAt = Date.now()
    server = await startServer(env)
    const live = server
    const readyMs = Date.now() - restartedAt
    const rows = await readAllRows(live.url)
    const lost = missingFrom(rows, acknowledged)

    const session = await signInOver(live.url, OWNER, PASSWORD)
    // The inbox lists what the folder holds whole: the leftovers are no backup there either.
    const inboxList = await fetch(`${live.url}${BACKUPS}`, {
      headers: { cookie: session.cookie },
      signal: AbortSignal.timeout(30_000),
    })
    const inboxListed = ((await inboxList.json()) as BackupList).backups.map((backup) => backup.name)
    const backupAskedAt = Date.now()
    const taken = await takeBackup(live.url, session)
    const backupMs = Date.now() - backupAskedAt
    expect(taken.status, taken.body).toBe(200)
    const latest = JSON.parse(taken.body) as BackupSummary
    const after = await readdir(backupDir)
    const listed = await listBackups(backupDir)

    await stopServer(live)
    server = undefined
    const latestPath = join(backupDir, latest.name)
    const restoredDir = join(restoreRoot, 'data')
    const restoreStarted = Date.now()
    const restored = await restore(latestPath, restoredDir)
    const restoreMs = Date.now() - restoreStarted
    let restoredIds = new Set<string>()
    if (restored.code === 0) {
      const db = await openTargetDatabase({
        name: 'PGlite',
        env: { DATA_DIR: restoredDir },
        dispose: async () => undefined,
      })
      try {
        const found = await db.query<{ submission_id: string }>(
          'SELECT submission_id::text AS submission_id FROM contact_submissions',
        )
        restoredIds = new Set(found.map((row) => row.submission_id))
      } finally {
        await db.close()
      }
    }
    const notRestored = acknowledged.filter((application) => !restoredIds.has(application.submission_id))

    report('the restart after a kill -9 during a backup, and the next backup, on PGlite', {
      'restart until ready (healthz)': seconds(readyMs),
      'acknowledged applications (rows after the restart)': `${acknowledged.length} (${rows.length})`,
      'acknowledged but missing': lost.length,
      'leftovers before the next backup': leftoversBefore.sort().join(', '),
      'the next backup (bytes), taken in': `${latest.name} (${latest.bytes}) in ${seconds(backupMs)}`,
      'BACKUP_DIR after it': after.sort().join(', '),
      'db:restore of it': `exit ${restored.code} in ${seconds(restoreMs)}: ${restored.stdout.split('\n').find((line) => line.startsWith('Restored')) ?? restored.stdout.trim()}`,
      'acknowledged applications not in the restored database': notRestored.length,
    })

    expect(lost).toHaveLength(0)
    expect(inboxListed).toEqual([first.name])
    expect(new Set(rows.map((row) => row.submission_id)).size).toBe(rows.length)
    expect(after.filter(isLeftover)).toEqual([])
    expect(listed.map((backup) => backup.name)).toEqual([first.name, latest.name])
    expect(after.sort()).toEqual(
      [first.name, `${first.name}${CHECKSUM_SUFFIX}`, latest.name, `${latest.name}${CHECKSUM_SUFFIX}`].sort(),
    )
    expect(await recordedSha256(latestPath)).toBe(await fileSha256(latestPath))
    expect(await fileSha256(first.path)).toBe(first.sha256)
    expect(restored.stderr).toBe('')
    expect(restored.code).toBe(0)
    expect(restored.stdout).toMatch(/^Restored \d+ rows of \d+ tables from the backup /m)
    expect(notRestored).toHaveLength(0)
    expect(restoredIds.size).toBe(rows.length)
  })
})
