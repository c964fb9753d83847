import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH } from '../../common/admin-api.ts'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import type { LeadPage } from '../../common/lead-list-api.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { migrate } from '../db/migrate.ts'
import { openPglite } from '../db/pglite.ts'
import { MAINTENANCE_POOL, openPostgres } from '../db/postgres.ts'
import { CopyError, copyDatabase } from '../db-copy/copy-database.ts'
import { findProjectRoot } from '../project-root.ts'
import { signIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { OWNER, PASSWORD, everyRow, seedEveryTable } from '../testing/every-table.ts'
import { freePort } from '../testing/free-port.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { startPostgresServer, type PostgresServer } from '../testing/postgres-server.ts'
import { openTempDatabase, type TempDatabase } from '../testing/temp-database.ts'
import { USAGE } from './copy-command.ts'

const SCRIPT = join(findProjectRoot(), 'server', 'cli', 'db-copy.ts')
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
const LEADS = 2345

let source: TempDatabase
let server: PostgresServer
let workDir: string

const run = (args: string[]) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    // Only what the command needs: a developer's own DATA_DIR or DATABASE_URL must not leak in.
    const env = { PATH: process.env.PATH ?? '', HOME: workDir }
    execFile(
      process.execPath,
      ['--import', TSX, SCRIPT, ...args],
      { cwd: workDir, env, timeout: 120_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr })
      },
    )
  })

const asAdmin = async (sql: string) => {
  const admin = openPostgres(server.url(), MAINTENANCE_POOL)
  try {
    await admin.exec(sql)
  } finally {
    await admin.close()
  }
}
/** A new, empty database on the throwaway server; `migrated` runs our migrations on it. */
async function newTarget(name: string, { migrated = false } = {}) {
  await asAdmin(`CREATE DATABASE ${name}`)
  const db = openPostgres(server.url(name), MAINTENANCE_POOL)
  if (migrated) await migrate(db)
  return db
}

describe.runIf(DATABASE_TARGET === 'pglite')('npm run db:copy', () => {
  let erasedId: number
  let sourceRows: Record<string, string[]>

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'db-copy-cli-'))
    ;[source, server] = await Promise.all([openTempDatabase(), startPostgresServer()])
    erasedId = await seedEveryTable(source.db, { leads: LEADS, events: 3000 })
    sourceRows = await everyRow(source.db)
    await source.db.close()
  })
  afterAll(async () => {
    await source.dispose()
    await server.dispose()
    await rm(workDir, { recursive: true, force: true })
  })

  it('seeds a row in every table, so the copy below covers them all', () => {
    expect(Object.keys(sourceRows).length).toBeGreaterThanOrEqual(22)
    expect(Object.entries(sourceRows).filter(([, rows]) => rows.length === 0)).toEqual([])
  })

  it('copies every table row for row into an empty database, sets the sequences, and a server works on it', async () => {
    const target = await newTarget('copy_target')
    try {
      const result = await run(['--to', server.url('copy_target'), '--from', source.settings.dataDir])
      expect(result.stderr).toBe('')
      expect(result.code).toBe(0)
      for (const table of Object.keys(sourceRows)) {
        expect(result.stdout).toMatch(new RegExp(`^${table} +${sourceRows[table]?.length} rows$`, 'm'))
      }
      expect(result.stdout).toMatch(
        /^Copied and verified \d+ rows of \d+ tables into PostgreSQL postgres@127\.0\.0\.1:\d+\/copy_target in [\d.]+ s\.$/m,
      )
      expect(result.stdout).not.toContain(new URL(server.url()).password)
      console.log(result.stdout.trim().split('\n').at(-1))

      expect(await everyRow(target)).toEqual(sourceRows)

      // The server on the copy: the old account signs in, lists the old leads, and stores a new one.
      const app = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent', SUBMIT_RATE_LIMIT: '0' }), db: target })
      await app.ready()
      try {
        const { cookie } = await signIn(app, OWNER, PASSWORD)
        const page = (await app.inject({ url: `${ADMIN_API_PATH}/leads`, headers: { cookie } })).json<LeadPage>()
        const [newest] = await target.query<{ id: number }>(
          'SELECT id FROM contact_submissions WHERE NOT spam ORDER BY created_at DESC, id DESC LIMIT 1',
        )
        expect(page.leads[0]?.id).toBe(newest?.id)
        const stored = await app.inject({
          method: 'POST',
          url: CONTACT_SUBMISSIONS_PATH,
          payload: JSON.stringify([validAnswers({ instagram: '@after_the_move' })]),
        })
        expect(stored.statusCode).toBe(201)
      } finally {
        await app.close()
      }
      const [fresh] = await target.query<{ id: number; outbox: number; pipeline: number }>(
        `SELECT s.id, (SELECT count(*)::int FROM lead_outbox o WHERE o.application_id = s.id) AS outbox,
           (SELECT count(*)::int FROM lead_pipeline p WHERE p.application_id = s.id) AS pipeline
         FROM contact_submissions s WHERE instagram = '@after_the_move'`,
      )
      // A fresh id, past every one the source handed out, and the triggers fire again for new rows.
      expect(fresh?.id).toBe(erasedId + 1)
      expect(fresh).toMatchObject({ outbox: 1, pipeline: 1 })
      const [note] = await target.query<{ id: number }>(
        "INSERT INTO lead_notes (application_id, body, author) VALUES ($1, 'new', 'x') RETURNING id",
        [fresh?.id],
      )
      expect(note?.id).toBe(sourceRows.lead_notes!.length + 1)
    } finally {
      await target.close()
    }
  })

  it('refuses a target that already holds a lead, changing nothing', async () => {
    const target = await newTarget('copy_busy', { migrated: true })
    try {
      await insertApplication(target)
      const before = await everyRow(target)
      const result = await run(['--to', server.url('copy_busy'), '--from', source.settings.dataDir])
      expect(result.code).toBe(1)
      for (const table of ['contact_submissions', 'lead_outbox', 'lead_pipeline'])
        expect(result.stderr).toMatch(new RegExp(`already holds rows in .*${table}`))
      expect(result.stderr).not.toMatch(/site_keys/)
      expect(await everyRow(target)).toEqual(before)
    } finally {
      await target.close()
    }
  })

  it('rolls back, naming the table, when a copied table differs from the source', async () => {
    const target = await newTarget('copy_altered', { migrated: true })
    try {
      // A trigger that fires even for replicated rows changes what arrives.
      await target.exec(`
        CREATE FUNCTION shout() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.body := upper(NEW.body); RETURN NEW; END $$;
        CREATE TRIGGER shout BEFORE INSERT ON lead_notes FOR EACH ROW EXECUTE FUNCTION shout();
        ALTER TABLE lead_notes ENABLE ALWAYS TRIGGER shout;
      `)
      const before = await everyRow(target)
      const result = await run(['--to', server.url('copy_altered'), '--from', source.settings.dataDir])
      expect(result.code).toBe(1)
      expect(result.stderr).toMatch(
        /^Copy failed: lead_notes differs after the copy \(1 rows in the source, 1 in the target, with other contents\)/,
      )
      expect(await everyRow(target)).toEqual(before)
    } finally {
      await target.close()
    }
  })

  it('fails with a clear message, and no password, when the target cannot be reached', async () => {
    const nowhere = `postgres://postgres:not-the-password-42@127.0.0.1:${await freePort()}/nowhere`
    const unreachable = await run(['--to', nowhere, '--from', source.settings.dataDir])
    expect(unreachable.code).toBe(1)
    expect(unreachable.stderr).toMatch(
      /^Copy failed: Could not prepare PostgreSQL postgres@127\.0\.0\.1:\d+\/nowhere: PostgreSQL is unreachable/,
    )
    const missing = await run(['--to', server.url('no_such_database'), '--from', source.settings.dataDir])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/database "no_such_database" does not exist/)
    const wrongPassword = await run([
      '--to',
      nowhere.replace(/:\d+\/nowhere/, `:${server.port}/postgres`),
      '--from',
      source.settings.dataDir,
    ])
    expect(wrongPassword.code).toBe(1)
    expect(wrongPassword.stderr).toMatch(/password authentication failed/)
    for (const result of [unreachable, missing, wrongPassword])
      expect(result.stderr).not.toContain('not-the-password-42')
  })

  it.each([
    [[], /--to is required/],
    [['--to', 'http://h/d'], /--to must be a URL/],
    [['--to', 'mysql://u:p@h/d'], /--to must be a URL/],
    [['--to', 'postgres://h/d', 'extra'], /positional argument/],
    [['--to', 'postgres://h/d', '--from'], /--from/],
    [['--to', 'postgres://h/d', '--force'], /Unknown option '--force'/],
  ])('exits 2 with the usage on %j', async (args, message) => {
    const result = await run(args)
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
    expect(result.stderr).toContain(USAGE)
  })

  it('copies into a database whose owner is not a superuser (as on Supabase), with the triggers off by ownership', async () => {
    await asAdmin(`CREATE ROLE plain_owner LOGIN PASSWORD 'owner-password' NOSUPERUSER`)
    await asAdmin('CREATE DATABASE owned OWNER plain_owner')
    const url = new URL(server.url('owned'))
    url.username = 'plain_owner'
    url.password = 'owner-password'
    const result = await run(['--to', url.href, '--from', source.settings.dataDir])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const target = openPostgres(url.href, MAINTENANCE_POOL)
    try {
      const [role] = await target.query<{ replica: boolean }>(
        `SELECT has_parameter_privilege('session_replication_role', 'SET') AS replica`,
      )
      expect(role?.replica).toBe(false)
      expect(await everyRow(target)).toEqual(sourceRows)
      // The triggers are back on: a new application gets its outbox and pipeline rows.
      const [id] = await target.query<{ id: number }>(
        `INSERT INTO contact_submissions (instagram, name, email, phone, business, budget, revenue, challenges, submission_id)
         VALUES ('@x', 'x', 'x@example.com', '1', 'x', 'x', 'x', 'x', gen_random_uuid()) RETURNING id`,
      )
      const [rows] = await target.query<{ outbox: number; pipeline: number }>(
        `SELECT (SELECT count(*)::int FROM lead_outbox WHERE application_id = $1) AS outbox,
           (SELECT count(*)::int FROM lead_pipeline WHERE application_id = $1) AS pipeline`,
        [id?.id],
      )
      expect(rows).toEqual({ outbox: 1, pipeline: 1 })
    } finally {
      await target.close()
    }
  })

  it('refuses a data directory that does not exist, creating none', async () => {
    const result = await run(['--to', server.url('copy_target'), '--from', join(workDir, 'missing')])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/There is no embedded database in .*missing/)
  })

  it('refuses while a server holds the data directory', async () => {
    const open = await openPglite(source.settings.dataDir)
    try {
      const result = await run(['--to', server.url('copy_target'), '--from', source.settings.dataDir])
      expect(result.code).toBe(1)
      expect(result.stderr).toMatch(
        /^The embedded database cannot be copied while a server runs on it: stop the server/,
      )
    } finally {
      await open.close()
    }
  })

  it('rolls everything back when interrupted, naming the table it was copying', async () => {
    const target = await newTarget('copy_interrupted', { migrated: true })
    const db = await openPglite(source.settings.dataDir)
    try {
      const before = await everyRow(target)
      const abort = new AbortController()
      const copying = copyDatabase(db, target, { batchSize: 500, signal: abort.signal, onTable: () => abort.abort() })
      await expect(copying).rejects.toThrow(CopyError)
      await expect(copying).rejects.toThrow(/^Interrupted while copying \w+; nothing was changed on the target$/)
      expect(await everyRow(target)).toEqual(before)
    } finally {
      await db.close()
      await target.close()
    }
  })
})
