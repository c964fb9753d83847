import { execFile } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH } from '../../common/admin-api.ts'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import type { LeadPage } from '../../common/lead-list-api.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { resetPassword } from '../accounts/accounts.ts'
import { buildApp } from '../app.ts'
import { createBackupService } from '../backups/backup-service.ts'
import { parseConfig } from '../config.ts'
import { openPglite } from '../db/pglite.ts'
import { MAINTENANCE_POOL, openPostgres } from '../db/postgres.ts'
import { findProjectRoot } from '../project-root.ts'
import { signIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { OWNER, PASSWORD, everyRow, seedEveryTable } from '../testing/every-table.ts'
import { startPostgresServer, type PostgresServer } from '../testing/postgres-server.ts'
import { openTempDatabase, type TempDatabase } from '../testing/temp-database.ts'

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
const script = (name: string) => join(findProjectRoot(), 'server', 'cli', `${name}.ts`)

let source: TempDatabase
let server: PostgresServer
let workDir: string
let sourceRows: Record<string, string[]>

const run = (name: string, args: string[], env: Record<string, string> = {}) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const fullEnv = { PATH: process.env.PATH ?? '', HOME: workDir, ...env }
    execFile(
      process.execPath,
      ['--import', TSX, script(name), ...args],
      { cwd: workDir, env: fullEnv, timeout: 180_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr })
      },
    )
  })

/**
 * `rows` as a backup file keeps them: no sessions, set-up links or backup
 * codes, and the accounts without their password hashes and TOTP keys (ADR 032).
 */
function withoutSecrets(rows: Record<string, string[]>): Record<string, string[]> {
  const blank = (row: string) =>
    JSON.stringify({
      ...(JSON.parse(row) as object),
      password_hash: null,
      totp_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
    })
  return {
    ...rows,
    admin_sessions: [],
    admin_setup_tokens: [],
    admin_backup_codes: [],
    admin_accounts: (rows.admin_accounts ?? []).map(blank).sort(),
  }
}

/** Each table on its own, so a difference names its table. */
function expectSameRows(actual: Record<string, string[]>, expected: Record<string, string[]>) {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort())
  for (const [table, rows] of Object.entries(expected)) expect(actual[table], table).toStrictEqual(rows)
}

const unloggedTables = async () =>
  (
    await source.db.query<{ name: string }>(
      "SELECT relname AS name FROM pg_class WHERE relpersistence = 'u' AND relkind = 'r' AND relnamespace = 'public'::regnamespace ORDER BY 1",
    )
  ).map((row) => row.name)

async function rowsOfDataDir(dir: string) {
  const db = await openPglite(dir)
  try {
    return await everyRow(db)
  } finally {
    await db.close()
  }
}

describe.runIf(DATABASE_TARGET === 'pglite')('backups, db:restore and db:copy from a backup', () => {
  let online: string
  let offline: string

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'db-backup-cli-'))
    ;[source, server] = await Promise.all([openTempDatabase(), startPostgresServer()])
    await seedEveryTable(source.db, { leads: 1000, events: 10_000 })
    sourceRows = await everyRow(source.db)
  }, 180_000)
  afterAll(async () => {
    await source.dispose()
    await server.dispose()
    await rm(workDir, { recursive: true, force: true })
  })

  it('takes a backup while the database is open, and db:restore makes a data directory equal to it row for row', async () => {
    expect(Object.entries(sourceRows).filter(([, rows]) => rows.length === 0)).toEqual([])
    const backups = createBackupService({
      db: source.db,
      dataDir: source.settings.dataDir,
      dir: join(workDir, 'backups'),
      keep: 2,
    })
    const taken = await backups.backUp()
    await backups.close()
    online = taken.path
    expect((await readdir(join(workDir, 'backups'))).sort()).toEqual([taken.name, `${taken.name}.sha256`])
    expect(taken.tables.find((table) => table.table === 'contact_submissions')?.rows).toBe(
      sourceRows.contact_submissions?.length,
    )

    const restored = join(workDir, 'restored')
    const result = await run('db-restore', [online], { DATA_DIR: restored })
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(
      new RegExp(`^contact_submissions +${sourceRows.contact_submissions?.length} rows$`, 'm'),
    )
    expect(result.stdout).toMatch(/^Restored \d+ rows of \d+ tables from the backup .* in [\d.]+ s\.$/m)
    // Unlogged tables (rate-limit counters, a minute's worth) are not in the WAL, so not in a base backup: a crash empties them too.
    const unlogged = await unloggedTables()
    expect(unlogged).toEqual(['rate_limit_hits'])
    expect(result.stdout).toContain('npm run admin -- reset-password EMAIL')
    expectSameRows(await rowsOfDataDir(restored), {
      ...withoutSecrets(sourceRows),
      ...Object.fromEntries(unlogged.map((table) => [table, []])),
    })
  }, 180_000)

  it('db:backup writes the same rows while no server runs, and db:copy moves them into PostgreSQL, where the server works', async () => {
    await source.db.close()
    offline = join(workDir, 'offline.ndjson.gz')
    const written = await run('db-backup', ['--out', offline], { DATA_DIR: source.settings.dataDir })
    expect(written.stderr).toBe('')
    expect(written.stdout).toMatch(/^Wrote \d+ rows of \d+ tables to .*offline\.ndjson\.gz/m)

    const admin = openPostgres(server.url(), MAINTENANCE_POOL)
    await admin.exec('CREATE DATABASE from_backup')
    await admin.close()
    const copied = await run('db-copy', ['--from', offline, '--to', server.url('from_backup')])
    expect(copied.stderr).toBe('')
    expect(copied.code).toBe(0)
    expect(copied.stdout).toContain('npm run admin -- reset-password EMAIL')
    const target = openPostgres(server.url('from_backup'), MAINTENANCE_POOL)
    try {
      expectSameRows(await everyRow(target), withoutSecrets(sourceRows))
      // What the restore's message says to do before anyone signs in.
      await resetPassword(target, OWNER, PASSWORD)
      const app = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent', SUBMIT_RATE_LIMIT: '0' }), db: target })
      await app.ready()
      try {
        const { cookie } = await signIn(app, OWNER, PASSWORD)
        const stored = await app.inject({
          method: 'POST',
          url: CONTACT_SUBMISSIONS_PATH,
          payload: JSON.stringify([validAnswers({ instagram: '@after_the_restore' })]),
        })
        expect(stored.statusCode).toBe(201)
        const page = (await app.inject({ url: `${ADMIN_API_PATH}/leads`, headers: { cookie } })).json<LeadPage>()
        const [fresh] = await target.query<{ id: number }>(
          "SELECT id FROM contact_submissions WHERE instagram = '@after_the_restore'",
        )
        expect(page.leads[0]?.id).toBe(fresh?.id)
        expect(page.leads.length).toBeGreaterThan(1)
      } finally {
        await app.close()
      }

      // And back: PostgreSQL into a new embedded data directory.
      const local = join(workDir, 'from-postgres')
      const reverse = await run('db-copy', ['--from', server.url('from_backup'), '--to', local])
      expect(reverse.stderr).toBe('')
      expectSameRows(await rowsOfDataDir(local), await everyRow(target))
    } finally {
      await target.close()
    }
  }, 240_000)

  it('refuses a damaged or truncated backup, or a data directory in use, and writes nothing', async () => {
    const bytes = await readFile(offline)
    const changed = Buffer.from(bytes)
    const middle = Math.floor(changed.length / 2)
    changed.writeUInt8(changed.readUInt8(middle) ^ 0xff, middle)
    const cases: [string, Buffer, boolean, RegExp][] = [
      ['changed-with-sum', changed, true, /does not match its checksum/],
      ['changed', changed, false, /is damaged|is truncated/],
      ['truncated-with-sum', bytes.subarray(0, Math.floor(bytes.length / 2)), true, /does not match its checksum/],
      ['truncated', bytes.subarray(0, Math.floor(bytes.length / 2)), false, /is truncated/],
    ]
    for (const [name, content, withSum, message] of cases) {
      const file = join(workDir, `${name}.ndjson.gz`)
      await writeFile(file, content)
      if (withSum) await copyFile(`${offline}.sha256`, `${file}.sha256`)
      const target = join(workDir, `restore-${name}`)
      const result = await run('db-restore', [file], { DATA_DIR: target })
      expect(result.code, name).toBe(1)
      expect(result.stderr, name).toMatch(message)
      expect(await readdir(target).catch(() => 'absent'), name).toBe('absent')
      expect(
        (await readdir(workDir)).filter((entry) => entry.includes('incoming')),
        name,
      ).toEqual([])
    }

    const busy = join(workDir, 'busy')
    await mkdir(busy)
    await writeFile(join(busy, 'keep.txt'), 'mine')
    const refused = await run('db-restore', [offline], { DATA_DIR: busy })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/is not empty/)
    expect(await readdir(busy)).toEqual(['keep.txt'])

    // A damaged backup into PostgreSQL: the target is not even migrated.
    const admin = openPostgres(server.url(), MAINTENANCE_POOL)
    await admin.exec('CREATE DATABASE untouched')
    await admin.close()
    const intoPostgres = await run('db-copy', [
      '--from',
      join(workDir, 'truncated.ndjson.gz'),
      '--to',
      server.url('untouched'),
    ])
    expect(intoPostgres.code).toBe(1)
    const untouched = openPostgres(server.url('untouched'), MAINTENANCE_POOL)
    try {
      expect(await untouched.query("SELECT 1 FROM pg_class WHERE relnamespace = 'public'::regnamespace")).toEqual([])
    } finally {
      await untouched.close()
    }
  }, 240_000)
})
