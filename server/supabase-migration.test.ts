import { randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CONTACT_FIELDS } from '../common/application-form.ts'
import { HONEYPOT_FIELD, submittedColumns } from '../common/contact-submission.ts'
import { validAnswers } from '../common/testing/valid-answers.ts'
import { supabaseMigrations } from '../scripts/supabase-migration-files.ts'
import type { Queryable } from './db/database.ts'
import { migrate } from './db/migrate.ts'
import { findProjectRoot } from './project-root.ts'
import { useTempDatabase } from './testing/use-temp-database.ts'

// supabase/migrations on a fresh database with Supabase's API roles, checked
// the way PostgREST would use them: it runs each request as `anon` (SET ROLE).

const SUPABASE_MIGRATIONS = join(findProjectRoot(), 'supabase', 'migrations')
const PAGE_COLUMNS = submittedColumns()

const temp = useTempDatabase({ migrated: false })
beforeAll(async () => {
  // Roles belong to the whole PostgreSQL server, which other runs may share.
  for (const role of ['anon', 'authenticated']) {
    await temp.db.exec(`DO $$ BEGIN CREATE ROLE ${role} NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$`)
  }
  // What a Supabase project does for every new object in public: the migration must take it back.
  await temp.db.exec(`
    GRANT USAGE ON SCHEMA public TO anon, authenticated;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON TABLES TO anon, authenticated;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON SEQUENCES TO anon, authenticated;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON FUNCTIONS TO anon, authenticated;
  `)
  await migrate(temp.db, SUPABASE_MIGRATIONS)
})

/** Runs `sql` as `role` in a transaction of its own, as PostgREST does per request. */
const as = <T>(role: string, run: (tx: Queryable) => Promise<T>) =>
  temp.db.transaction(async (tx) => {
    await tx.exec(`SET LOCAL ROLE ${role}`)
    return run(tx)
  })

const insertSql = (columns: string[], suffix = '') =>
  `INSERT INTO contact_submissions (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})${suffix}`

const pageRow = (overrides: Record<string, unknown> = {}) => {
  const row: Record<string, unknown> = {
    ...validAnswers(),
    submission_id: randomUUID(),
    [HONEYPOT_FIELD]: '',
    ...overrides,
  }
  return { columns: Object.keys(row), values: Object.values(row), submissionId: row.submission_id }
}

const stored = async (submissionId: unknown) =>
  temp.db.query('SELECT * FROM contact_submissions WHERE submission_id = $1', [submissionId])

const expectDenied = (promise: Promise<unknown>, code = '42501') => expect(promise).rejects.toMatchObject({ code })

describe('supabase/migrations', () => {
  it('is what `npm run supabase:migration` writes from migrations/ and the form', async () => {
    const expected = await supabaseMigrations(temp.db)
    const committed = (await readdir(SUPABASE_MIGRATIONS)).filter((name) => name.endsWith('.sql')).sort()
    expect(committed, 'the files in supabase/migrations').toEqual(expected.map((file) => file.name))
    for (const file of expected) {
      expect(
        await readFile(join(SUPABASE_MIGRATIONS, file.name), 'utf8'),
        `${file.name} is stale: run npm run supabase:migration`,
      ).toBe(file.sql)
    }
    // The server's own counters; a page posting straight to Supabase never uses them.
    expect(expected.map((file) => file.sql).join('\n')).not.toContain('rate_limit_hits')
  })

  it('lets anon insert what the page sends, as PostgREST’s return=minimal does', async () => {
    const row = pageRow()
    await as('anon', (tx) => tx.query(insertSql(row.columns), row.values))
    const minimal = pageRow()
    await as('anon', (tx) => tx.query(insertSql(minimal.columns, ' RETURNING 1'), minimal.values))
    expect(await stored(row.submissionId)).toEqual([
      expect.objectContaining({ ...validAnswers(), [HONEYPOT_FIELD]: '', spam: false }),
    ])
    expect(await stored(minimal.submissionId)).toHaveLength(1)
  })

  it('lets anon insert without a submission_id: identity and defaults need no grants', async () => {
    const answers: Record<string, unknown> = validAnswers({}, { tag: randomUUID() })
    const columns = [...CONTACT_FIELDS]
    await as('anon', (tx) =>
      tx.query(
        insertSql(columns),
        columns.map((column) => answers[column]),
      ),
    )
    const rows = await temp.db.query(
      'SELECT id, submission_id, created_at, spam FROM contact_submissions WHERE email = $1',
      [answers.email],
    )
    expect(rows).toEqual([
      {
        id: expect.anything(),
        submission_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4/),
        created_at: expect.any(Date),
        spam: false,
      },
    ])
  })

  it('answers a repeated submission_id with 23505 for anon', async () => {
    const row = pageRow()
    await as('anon', (tx) => tx.query(insertSql(row.columns), row.values))
    await expectDenied(
      as('anon', (tx) => tx.query(insertSql(row.columns), row.values)),
      '23505',
    )
  })

  it('keeps a honeypot row from anon, flagged as spam, and checks it like any other', async () => {
    const row = pageRow({ [HONEYPOT_FIELD]: 'https://spam.example' })
    await as('anon', (tx) => tx.query(insertSql(row.columns), row.values))
    expect(await stored(row.submissionId)).toEqual([
      expect.objectContaining({ [HONEYPOT_FIELD]: 'https://spam.example', spam: true }),
    ])
    const incomplete = pageRow({ [HONEYPOT_FIELD]: 'https://spam.example', email: null })
    await expectDenied(
      as('anon', (tx) => tx.query(insertSql(incomplete.columns), incomplete.values)),
      '23502',
    )
  })

  it('refuses anon a value for spam, either way', async () => {
    for (const spam of [false, true]) {
      const row = pageRow({ spam })
      await expectDenied(as('anon', (tx) => tx.query(insertSql(row.columns), row.values)))
    }
  })

  it('refuses anon everything else with 42501: read, change, delete, return rows, upsert', async () => {
    const row = pageRow()
    await expectDenied(as('anon', (tx) => tx.query('SELECT * FROM contact_submissions')))
    await expectDenied(as('anon', (tx) => tx.query('SELECT count(*) FROM contact_submissions')))
    await expectDenied(as('anon', (tx) => tx.query("UPDATE contact_submissions SET name = 'x'")))
    await expectDenied(as('anon', (tx) => tx.query('DELETE FROM contact_submissions')))
    await expectDenied(as('anon', (tx) => tx.query('TRUNCATE contact_submissions')))
    // return=representation and return=headers-only read the new row back.
    await expectDenied(as('anon', (tx) => tx.query(insertSql(row.columns, ' RETURNING *'), row.values)))
    await expectDenied(as('anon', (tx) => tx.query(insertSql(row.columns, ' RETURNING id'), row.values)))
    // PostgREST's upserts (Prefer: resolution=…) name the key as the conflict target.
    await expectDenied(as('anon', (tx) => tx.query(insertSql(row.columns, ' ON CONFLICT (id) DO NOTHING'), row.values)))
    await expectDenied(
      as('anon', (tx) =>
        tx.query(insertSql(row.columns, ' ON CONFLICT (id) DO UPDATE SET name = excluded.name'), row.values),
      ),
    )
    // created_at is not granted; id is generated always.
    await expectDenied(
      as('anon', (tx) => tx.query(insertSql([...row.columns, 'created_at']), [...row.values, '2000-01-01'])),
    )
    await expectDenied(
      as('anon', (tx) => tx.query(insertSql([...row.columns, 'id']), [...row.values, 1])),
      '428C9',
    )
    await expectDenied(as('anon', (tx) => tx.query('SELECT contact_submissions_flag_spam()')))
    // The id sequence would tell how many applications there are.
    await expectDenied(as('anon', (tx) => tx.query('SELECT last_value FROM contact_submissions_id_seq')))
    await expectDenied(as('anon', (tx) => tx.query("SELECT nextval('contact_submissions_id_seq')")))
    expect(await stored(row.submissionId)).toEqual([])
  })

  it('queues anon’s application for notification, and gives anon nothing of the outbox', async () => {
    const row = pageRow()
    const spam = pageRow({ [HONEYPOT_FIELD]: 'https://spam.example' })
    await as('anon', (tx) => tx.query(insertSql(row.columns), row.values))
    await as('anon', (tx) => tx.query(insertSql(spam.columns), spam.values))
    const queued = await temp.db.query<{ submission_id: string }>(
      `SELECT c.submission_id::text FROM lead_outbox o JOIN contact_submissions c ON c.id = o.application_id
       WHERE c.submission_id = ANY($1::uuid[])`,
      [[row.submissionId, spam.submissionId]],
    )
    expect(queued).toEqual([{ submission_id: row.submissionId }])
    for (const table of ['lead_outbox', 'lead_delivery_targets', 'lead_deliveries', 'lead_delivery_attempts']) {
      await expectDenied(as('anon', (tx) => tx.query(`SELECT * FROM ${table}`)))
      await expectDenied(as('authenticated', (tx) => tx.query(`SELECT * FROM ${table}`)))
    }
    await expectDenied(as('anon', (tx) => tx.query('DELETE FROM lead_outbox')))
    await expectDenied(as('anon', (tx) => tx.query('SELECT lead_outbox_enqueue()')))
  })

  it('gives authenticated users nothing at all', async () => {
    const row = pageRow()
    await expectDenied(as('authenticated', (tx) => tx.query(insertSql(row.columns), row.values)))
    await expectDenied(as('authenticated', (tx) => tx.query('SELECT * FROM contact_submissions')))
  })

  it('grants anon exactly the page’s columns, and only INSERT', async () => {
    const grants = await temp.db.query<{ column_name: string; privilege_type: string }>(
      `SELECT column_name, privilege_type FROM information_schema.column_privileges
       WHERE table_name = 'contact_submissions' AND grantee = 'anon' ORDER BY column_name`,
    )
    expect(grants).toEqual([...PAGE_COLUMNS].sort().map((column_name) => ({ column_name, privilege_type: 'INSERT' })))
    const tableGrants = await temp.db.query(
      `SELECT privilege_type FROM information_schema.role_table_grants
       WHERE table_name = 'contact_submissions' AND grantee IN ('anon', 'authenticated')`,
    )
    expect(tableGrants).toEqual([])
    const [security] = await temp.db.query<{ relrowsecurity: boolean }>(
      "SELECT relrowsecurity FROM pg_class WHERE relname = 'contact_submissions'",
    )
    expect(security?.relrowsecurity).toBe(true)
  })
})

// The funnel's events (migrations/010): the page inserts them as anon through
// PostgREST, which hands the request's headers to the transaction as request.headers.

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

/** Runs `sql` as anon with a PostgREST request's headers, in a transaction of its own. */
const asAnon = <T>(headers: Record<string, string>, run: (tx: Queryable) => Promise<T>) =>
  temp.db.transaction(async (tx) => {
    await tx.query(`SELECT set_config('request.headers', $1, true)`, [JSON.stringify(headers)])
    await tx.exec('SET LOCAL ROLE anon')
    return run(tx)
  })

const insertEvent = (headers: Record<string, string>, type = 'page_view', step: number | null = null) =>
  asAnon(headers, (tx) =>
    tx.query('INSERT INTO page_events (type, step, source, path) VALUES ($1, $2, $3, $4)', [type, step, 'google', '/']),
  )

const visitors = async () =>
  (await temp.db.query<{ visitor: string }>(`SELECT encode(visitor, 'hex') AS visitor FROM page_events`)).map(
    (row) => row.visitor,
  )

const browser = (address: string, agent = CHROME) => ({
  'user-agent': agent,
  'cf-connecting-ip': address,
  'x-forwarded-for': `${address}, 10.0.0.1`,
  origin: 'https://brandscale.example',
})

describe('page_events on Supabase', () => {
  beforeEach(async () => {
    await temp.db.exec('DELETE FROM page_events; DELETE FROM page_event_salts')
  })

  it('takes anon’s events and hashes the visitor from the request’s headers, keeping no address', async () => {
    await insertEvent(browser('203.0.113.5'))
    await insertEvent(browser('203.0.113.5'), 'step_viewed', 1)
    await insertEvent(browser('203.0.113.6'))
    const stored = await visitors()
    expect(stored).toHaveLength(3)
    expect(new Set(stored).size).toBe(2)
    const dump = await temp.db.query<{ text: string }>('SELECT row_to_json(e)::text AS text FROM page_events e')
    for (const { text } of dump) expect(text).not.toContain('203.0.113')
  })

  it('drops without an error what asks not to be tracked or comes from a robot', async () => {
    await insertEvent({ ...browser('203.0.113.5'), 'sec-gpc': '1' })
    await insertEvent(
      browser('203.0.113.5', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
    )
    await insertEvent(browser('203.0.113.5', CHROME.replace('Chrome/', 'HeadlessChrome/')))
    expect(await visitors()).toEqual([])
  })

  it('lets anon insert only what the page sends, and read nothing', async () => {
    await expect(
      asAnon(browser('203.0.113.5'), (tx) =>
        tx.query(`INSERT INTO page_events (type, path, visitor) VALUES ('page_view', '/', sha256('x'))`),
      ),
    ).rejects.toThrow(/permission denied/)
    await expect(asAnon(browser('203.0.113.5'), (tx) => tx.query('SELECT 1 FROM page_events'))).rejects.toThrow(
      /permission denied/,
    )
    for (const table of ['page_event_salts', 'page_event_daily']) {
      await expect(asAnon({}, (tx) => tx.query(`SELECT 1 FROM ${table}`))).rejects.toThrow(/permission denied/)
    }
    await expect(asAnon({}, (tx) => tx.query(`SELECT page_event_visitor('a', 'b', 'c')`))).rejects.toThrow(
      /permission denied/,
    )
    await expect(
      asAnon({}, (tx) => tx.query(`SELECT * FROM page_event_counts(current_date, current_date)`)),
    ).rejects.toThrow(/permission denied/)
  })

  it('refuses an event the contract does not allow', async () => {
    await expect(insertEvent(browser('203.0.113.5'), 'purchase')).rejects.toThrow(/check constraint/)
    await expect(insertEvent(browser('203.0.113.5'), 'step_viewed', null)).rejects.toThrow(/check constraint/)
  })
})
