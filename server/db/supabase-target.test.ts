import { randomBytes, randomUUID } from 'node:crypto'
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_SUBMISSIONS_PATH, HONEYPOT_FIELD } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { SERVER_ONLY_MIGRATIONS } from '../../scripts/supabase-migration-files.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { readTables } from '../db-copy/schema-catalog.ts'
import { findProjectRoot } from '../project-root.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { startPostgresServer, type PostgresServer } from '../testing/postgres-server.ts'
import { openTempDatabase } from '../testing/temp-database.ts'
import type { Database, Queryable } from './database.ts'
import { MIGRATIONS_DIR, migrate } from './migrate.ts'
import { MAINTENANCE_POOL, openPostgres } from './postgres.ts'
import { ANON_INSERTS, createdNames, hardenForSupabase } from './supabase-hardening.ts'
import { supabaseVersion, versionOfFile } from './supabase-versions.ts'

// A Supabase project migrated with supabase/migrations by the Supabase CLI,
// then handed to the server (DATABASE_URL, or npm run db:copy -- --to …).

const SUPABASE_MIGRATIONS = join(findProjectRoot(), 'supabase', 'migrations')
const sqlFiles = async (dir: string) => (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort()
const SUPABASE_FILES = await sqlFiles(SUPABASE_MIGRATIONS)
const OURS = await sqlFiles(MIGRATIONS_DIR)
const SERVER_ONLY = OURS.filter((name) => SERVER_ONLY_MIGRATIONS.has(name))

describe('the versions migrate() reads a Supabase project’s history by', () => {
  it('stand for exactly the migrations each file of supabase/migrations copies', async () => {
    for (const file of SUPABASE_FILES) {
      const sql = await readFile(join(SUPABASE_MIGRATIONS, file), 'utf8')
      const copied = [...sql.matchAll(/^-- \d+\. migrations\/(\S+\.sql) -+$/gm)].map((match) => match[1])
      expect(copied, file).toEqual(OURS.filter((name) => supabaseVersion(name) === versionOfFile(file)))
    }
  })

  it('leave only the server-only migrations to run', () => {
    const versions = new Set(SUPABASE_FILES.map(versionOfFile))
    expect(OURS.filter((name) => !versions.has(supabaseVersion(name) ?? ''))).toEqual(SERVER_ONLY)
  })
})

// Supabase's `postgres` owns the database and every table, but is no superuser.
const OWNER = 'supabase_owner'
const OWNER_PASSWORD = randomBytes(16).toString('hex')

/** What a migrated database holds, less its grants and row security, which only Supabase's files and the hardening set. */
async function schemaOf(db: Queryable) {
  return {
    tables: await readTables(db),
    constraints: await db.query(
      `SELECT conrelid::regclass::text AS "table", conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint
       WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> 'schema_migrations' ORDER BY 1, 2`,
    ),
    indexes: await db.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY 1`,
    ),
    triggers: await db.query(
      `SELECT tgrelid::regclass::text AS "table", tgname, pg_get_triggerdef(oid) AS definition FROM pg_trigger
       WHERE NOT tgisinternal ORDER BY 1, 2`,
    ),
  }
}

const recorded = async (db: Queryable) =>
  (await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((row) => row.name)

const PUBLIC_OBJECTS = `relnamespace = 'public'::regnamespace AND NOT EXISTS
  (SELECT FROM pg_depend d WHERE d.objid = c.oid AND d.classid = 'pg_class'::regclass AND d.deptype = 'e')`

/** What the API's roles may do with anything in public but an extension's, and the tables without row security. */
async function exposed(db: Queryable) {
  const privileges = await db.query<{ grant: string }>(
    `SELECT r.role || ' ' || p.privilege || ' ' || c.relname AS grant FROM pg_class c, unnest(ARRAY['anon', 'authenticated']) r (role),
       unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER', 'USAGE']) p (privilege)
     WHERE ${PUBLIC_OBJECTS} AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S') AND CASE
       WHEN c.relkind = 'S' THEN p.privilege IN ('SELECT', 'UPDATE', 'USAGE') AND has_sequence_privilege(r.role, c.oid, p.privilege)
       ELSE p.privilege <> 'USAGE' AND has_table_privilege(r.role, c.oid, p.privilege) END
     UNION ALL
     SELECT r.role || ' ' || p.privilege || ' ' || c.relname || '.' || a.attname FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid,
       unnest(ARRAY['anon', 'authenticated']) r (role), unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'REFERENCES']) p (privilege)
     WHERE ${PUBLIC_OBJECTS} AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND a.attnum > 0 AND NOT a.attisdropped
       AND has_column_privilege(r.role, c.oid, a.attnum, p.privilege) AND NOT has_table_privilege(r.role, c.oid, p.privilege)
     UNION ALL
     SELECT r.role || ' EXECUTE ' || c.oid::regprocedure FROM pg_proc c, unnest(ARRAY['anon', 'authenticated']) r (role)
     WHERE pronamespace = 'public'::regnamespace AND has_function_privilege(r.role, c.oid, 'EXECUTE') AND NOT EXISTS
       (SELECT FROM pg_depend d WHERE d.objid = c.oid AND d.classid = 'pg_proc'::regclass AND d.deptype = 'e')`,
  )
  const open = await db.query<{ relname: string }>(
    `SELECT relname FROM pg_class c WHERE ${PUBLIC_OBJECTS} AND relkind IN ('r', 'p') AND NOT relrowsecurity ORDER BY 1`,
  )
  return { privileges: privileges.map((row) => row.grant).sort(), open: open.map((row) => row.relname) }
}

// What the committed supabase/migrations let the API's roles do: anon inserts
// ANON_INSERTS, nothing more. After the server-only migrations, an index of
// contact_submissions computes lead_source on anon's insert, and another lead_phone_key
// (migrations/026), so both stay callable.
const GRANTED = Object.entries(ANON_INSERTS)
  .flatMap(([table, columns]) => columns.map((column) => `anon INSERT ${table}.${column}`))
  .sort()
const AFTER_SERVER_ONLY = [
  ...GRANTED,
  'anon EXECUTE lead_source(jsonb)',
  'authenticated EXECUTE lead_source(jsonb)',
  'anon EXECUTE lead_phone_key(text)',
  'authenticated EXECUTE lead_phone_key(text)',
].sort()
const OUR_NAMES = createdNames(await Promise.all(OURS.map((name) => readFile(join(MIGRATIONS_DIR, name), 'utf8'))))
const hardened = (db: Database) => db.transaction((tx) => hardenForSupabase(tx, OUR_NAMES))

describe('the names the hardening reads from our migrations', () => {
  it('hold every table, view, sequence and function they make', async () => {
    const temp = await openTempDatabase()
    try {
      const made = await temp.db.query<{ name: string }>(
        `SELECT relname AS name FROM pg_class c WHERE ${PUBLIC_OBJECTS} AND relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
           AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.objid = c.oid AND d.classid = 'pg_class'::regclass AND d.deptype IN ('a', 'i'))
         UNION SELECT proname FROM pg_proc c WHERE pronamespace = 'public'::regnamespace AND NOT EXISTS
           (SELECT FROM pg_depend d WHERE d.objid = c.oid AND d.classid = 'pg_proc'::regclass AND d.deptype = 'e')`,
      )
      expect(made.length).toBeGreaterThan(20)
      expect([...OUR_NAMES]).toEqual(expect.arrayContaining(made.map((row) => row.name)))
    } finally {
      await temp.dispose()
    }
  })
})

describe.runIf(DATABASE_TARGET === 'postgres')('migrate() on a database Supabase migrated', () => {
  let server: PostgresServer
  let admin: Database
  let plain: Database
  const opened: Database[] = []

  const open = (database: string) => {
    const url = new URL(server.url(database))
    url.username = OWNER
    url.password = OWNER_PASSWORD
    const db = openPostgres(url.href, MAINTENANCE_POOL)
    opened.push(db)
    return db
  }

  const newDatabase = async (name: string) => {
    await admin.exec(`CREATE DATABASE ${name} OWNER ${OWNER} TEMPLATE template0`)
    return open(name)
  }

  /** A Supabase project on which the CLI applied `files` of supabase/migrations, recording each as it does. */
  async function supabaseProject(name: string, files: readonly string[]) {
    const db = await newDatabase(name)
    // What Supabase does for every new object in public, and the CLI's history table.
    await db.exec(`
      GRANT USAGE ON SCHEMA public TO anon, authenticated, service_role;
      ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON TABLES TO anon, authenticated, service_role;
      ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON SEQUENCES TO anon, authenticated, service_role;
      ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON FUNCTIONS TO anon, authenticated, service_role;
      CREATE SCHEMA supabase_migrations;
      CREATE TABLE supabase_migrations.schema_migrations (version text PRIMARY KEY, statements text[], name text);
    `)
    for (const file of files) {
      const sql = await readFile(join(SUPABASE_MIGRATIONS, file), 'utf8')
      const version = versionOfFile(file)
      await db.transaction(async (tx) => {
        await tx.exec(sql)
        await tx.query('INSERT INTO supabase_migrations.schema_migrations (version, name) VALUES ($1, $2)', [
          version,
          file.slice(version.length + 1, -'.sql'.length),
        ])
      })
    }
    return db
  }

  /** An application as the page posts it straight to Supabase: PostgREST inserts it as anon. */
  const postedToSupabase = (db: Database, instagram: string) =>
    db.transaction(async (tx) => {
      const row: Record<string, unknown> = {
        ...validAnswers({ instagram }),
        submission_id: randomUUID(),
        [HONEYPOT_FIELD]: '',
      }
      const columns = Object.keys(row)
      await tx.exec('SET LOCAL ROLE anon')
      await tx.query(
        `INSERT INTO contact_submissions (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        Object.values(row),
      )
    })

  /** Whether the application with this Instagram handle has its pipeline row and its outbox row. */
  const followedUp = async (db: Queryable, instagram: string) => {
    const [row] = await db.query<{ pipeline: number; outbox: number }>(
      `SELECT (SELECT count(*)::int FROM lead_pipeline p WHERE p.application_id = s.id) AS pipeline,
         (SELECT count(*)::int FROM lead_outbox o WHERE o.application_id = s.id) AS outbox
       FROM contact_submissions s WHERE instagram = $1`,
      [instagram],
    )
    return row
  }

  beforeAll(async () => {
    server = await startPostgresServer()
    admin = openPostgres(server.url(), MAINTENANCE_POOL)
    // Supabase's `postgres` has these attributes.
    await admin.exec(
      `CREATE ROLE ${OWNER} LOGIN NOSUPERUSER CREATEDB CREATEROLE REPLICATION BYPASSRLS PASSWORD '${OWNER_PASSWORD}'`,
    )
    // Plain PostgreSQL, before there are API roles: the hardening leaves it alone.
    plain = await newDatabase('plain')
    await migrate(plain)
    // Supabase's roles, of which its `postgres` is a member.
    await admin.exec(`
      CREATE ROLE anon NOLOGIN;
      CREATE ROLE authenticated NOLOGIN;
      CREATE ROLE service_role NOLOGIN BYPASSRLS;
      GRANT anon, authenticated, service_role TO ${OWNER};
    `)
  })
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.close()))
    await admin?.close()
    await server?.dispose()
  })

  it('records what every Supabase file applied, runs the server-only migrations after it, and ends as a plain migrate() does', async () => {
    const db = await supabaseProject('supabase_all', SUPABASE_FILES)
    await postedToSupabase(db, '@before_the_server')
    // The hardening finds nothing to take back from what the files made.
    expect(await exposed(db)).toEqual({ privileges: GRANTED, open: [] })
    expect(await hardened(db)).toEqual([])

    expect(await migrate(db)).toEqual(SERVER_ONLY)
    expect(await recorded(db)).toEqual(OURS)
    const after = await exposed(db)
    expect(after).toEqual({ privileges: AFTER_SERVER_ONLY, open: [] })
    expect(await migrate(db)).toEqual([])
    expect(await exposed(db)).toEqual(after)
    expect(await hardened(db)).toEqual([])

    const [ours, theirs] = [await schemaOf(plain), await schemaOf(db)]
    expect(theirs.tables).toEqual(ours.tables)
    expect(theirs.constraints).toEqual(ours.constraints)
    expect(theirs.indexes).toEqual(ours.indexes)
    // Supabase's own: hashes the visitor of an event anon posts, and leaves the server's as they are.
    expect(theirs.triggers.filter((trigger) => trigger.tgname !== 'page_events_hash_visitor')).toEqual(ours.triggers)
    // 009 gave the application posted before it a pipeline row; 006's trigger had queued it.
    expect(await followedUp(db, '@before_the_server')).toEqual({ pipeline: 1, outbox: 1 })
  })

  it('denies the API’s roles the server’s own tables, and still takes anon’s application with its follow-ups', async () => {
    const db = open('supabase_all')
    const as = (role: string, sql: string) =>
      db.transaction(async (tx) => {
        await tx.exec(`SET LOCAL ROLE ${role}`)
        await tx.query(sql)
      })
    for (const { name } of await readTables(db)) {
      for (const role of ['anon', 'authenticated']) {
        await expect(as(role, `SELECT * FROM ${name}`), `${role} reads ${name}`).rejects.toMatchObject({
          code: '42501',
        })
        if (role === 'anon' && name in ANON_INSERTS) continue
        await expect(
          as(role, `INSERT INTO ${name} DEFAULT VALUES`),
          `${role} inserts into ${name}`,
        ).rejects.toMatchObject({
          code: '42501',
        })
      }
    }
    await expect(
      as(
        'anon',
        `INSERT INTO admin_accounts (email, password_hash) VALUES ('intruder@example.com', '$argon2id$v=19$x')`,
      ),
    ).rejects.toMatchObject({ code: '42501' })
    // 011's trigger writes the pipeline and the outbox with its owner's rights.
    await postedToSupabase(db, '@after_the_server')
    expect(await followedUp(db, '@after_the_server')).toEqual({ pipeline: 1, outbox: 1 })
  })

  it('stores an application the server takes, through 011’s trigger', async () => {
    const db = open('supabase_all')
    const app = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent', SUBMIT_RATE_LIMIT: '0' }), db })
    await app.ready()
    try {
      const stored = await app.inject({
        method: 'POST',
        url: CONTACT_SUBMISSIONS_PATH,
        payload: JSON.stringify([validAnswers({ instagram: '@on_the_server' })]),
      })
      expect(stored.statusCode).toBe(201)
    } finally {
      await app.close()
    }
    expect(await followedUp(db, '@on_the_server')).toEqual({ pipeline: 1, outbox: 1 })
  })

  it('runs what Supabase has not applied yet, in file order', async () => {
    // A project that applied only the two hand-written files, before there were more.
    const handWritten = SUPABASE_FILES.slice(0, 2)
    const db = await supabaseProject('supabase_early', handWritten)
    const covered = OURS.filter((name) => handWritten.map(versionOfFile).includes(supabaseVersion(name) ?? ''))
    expect(covered).toEqual(['001-contact-submissions.sql', '002-retry-safety-and-honeypot.sql', '003-spam-flag.sql'])

    expect(await migrate(db)).toEqual(OURS.filter((name) => !covered.includes(name)))
    expect(await recorded(db)).toEqual(OURS)
    expect((await schemaOf(db)).tables).toEqual((await schemaOf(plain)).tables)
    // What the server ran itself, Supabase gave the API's roles; they keep no more than the files would leave them.
    const { privileges, open } = await exposed(db)
    expect(AFTER_SERVER_ONLY).toEqual(expect.arrayContaining(privileges))
    expect(open).toEqual([])
  })

  it('leaves plain PostgreSQL, without the API’s roles, as its migrations made it', async () => {
    const { open } = await exposed(plain)
    expect(open).toEqual(
      (await readTables(plain))
        .map((table) => table.name)
        .concat('schema_migrations')
        .sort(),
    )
    const [functions] = await plain.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_proc WHERE pronamespace = 'public'::regnamespace AND (prosecdef OR proacl IS NOT NULL)`,
    )
    expect(functions?.count).toBe(0)
  })

  it('reads Supabase’s history only on a database we never migrated', async () => {
    const db = await newDatabase('ours_first')
    const dir = await mkdtemp(join(tmpdir(), 'first-migrations-'))
    try {
      for (const name of OURS.slice(0, 3)) await copyFile(join(MIGRATIONS_DIR, name), join(dir, name))
      await migrate(db, dir)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
    await db.exec(`
      CREATE SCHEMA supabase_migrations;
      CREATE TABLE supabase_migrations.schema_migrations (version text PRIMARY KEY);
    `)
    await db.query('INSERT INTO supabase_migrations.schema_migrations SELECT unnest($1::text[])', [
      SUPABASE_FILES.map(versionOfFile),
    ])
    expect(await migrate(db)).toEqual(OURS.slice(3))
  })

  // copy-database.ts turns triggers and foreign keys off this way while it fills the target.
  it('refuses SET LOCAL session_replication_role to an owner that is no superuser, unless granted', async () => {
    const db = open('supabase_all')
    const replica = () => db.transaction((tx) => tx.exec('SET LOCAL session_replication_role = replica'))
    await expect(replica()).rejects.toMatchObject({
      code: '42501',
      message: 'permission denied to set parameter "session_replication_role"',
    })
    await admin.exec(`GRANT SET ON PARAMETER session_replication_role TO ${OWNER}`)
    try {
      await replica()
    } finally {
      await admin.exec(`REVOKE SET ON PARAMETER session_replication_role FROM ${OWNER}`)
    }
  })
})
