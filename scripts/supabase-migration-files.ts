import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { applicationForm, type FormDefinition } from '../common/application-form.ts'
import { submittedColumns } from '../common/contact-submission.ts'
import type { Database, Queryable } from '../server/db/database.ts'
import { MIGRATIONS_DIR } from '../server/db/migrate.ts'

/** The server's own tables (rate limits, the lead inbox), which a page posting straight to Supabase never uses. */
export const SERVER_ONLY_MIGRATIONS: ReadonlySet<string> = new Set(['004-rate-limits.sql', '008-admin-accounts.sql', '009-lead-pipeline.sql', '011-cheaper-insert.sql'])

/**
 * What only Supabase needs after a migration of ours, by its file name: the
 * hardening for a function or table it creates (Supabase grants every new one
 * in public to anon). Column grants for new answers are written without it.
 */
const SUPABASE_ONLY: Readonly<Record<string, string>> = {
  '006-lead-outbox.sql': `-- Only the server, connecting as the database owner, reads and writes the
-- outbox; the API's roles get nothing of it.
ALTER TABLE lead_outbox ENABLE ROW LEVEL SECURITY;
ALTER TABLE lead_delivery_targets ENABLE ROW LEVEL SECURITY;
ALTER TABLE lead_deliveries ENABLE ROW LEVEL SECURITY;
ALTER TABLE lead_delivery_attempts ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE lead_outbox, lead_delivery_targets, lead_deliveries, lead_delivery_attempts FROM anon, authenticated;
REVOKE ALL ON SEQUENCE lead_deliveries_id_seq, lead_delivery_attempts_id_seq FROM anon, authenticated;

-- The trigger fires for anon's insert, and anon may not write the outbox: it
-- runs with its owner's rights instead. That makes its search_path matter, so
-- it is fixed (pg_temp last, so no temporary table can stand in for the outbox).
ALTER FUNCTION lead_outbox_enqueue() SECURITY DEFINER SET search_path = public, pg_temp;
REVOKE EXECUTE ON FUNCTION lead_outbox_enqueue() FROM PUBLIC, anon, authenticated;
`,
  '010-page-events.sql': `-- anon may insert events, naming only what the page sends, and read nothing:
-- not the events, not the salts, not the figures (the inbox reads those with
-- the server's own connection).
ALTER TABLE page_events ENABLE ROW LEVEL SECURITY;
ALTER TABLE page_event_salts ENABLE ROW LEVEL SECURITY;
ALTER TABLE page_event_daily ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE page_events, page_event_salts, page_event_daily FROM anon, authenticated;
GRANT INSERT (type, step, source, path) ON TABLE page_events TO anon;
CREATE POLICY page_events_anon_insert ON page_events
  FOR INSERT TO anon
  WITH CHECK (true);

-- anon cannot write \`visitor\`: this trigger hashes it from the request's
-- headers, which PostgREST hands the transaction, as the server does from the
-- connection. The address is Supabase's edge's (cf-connecting-ip, else the
-- first X-Forwarded-For hop) and the site is the page's Origin. A visitor that
-- asks not to be tracked (Sec-GPC: 1) and an obvious robot are dropped without
-- an error, as the server drops them; the server's list of robots (isbot) is
-- longer than this pattern, so a few more robots are counted here. An insert
-- with the hash already set (the server's own) is left as it is.
CREATE FUNCTION page_events_hash_visitor() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb;
  agent text := coalesce(headers->>'user-agent', '');
BEGIN
  IF NEW.visitor IS NOT NULL THEN
    RETURN NEW;
  END IF;
  IF headers->>'sec-gpc' = '1' OR agent = ''
     OR agent ~* '(bot|crawl|spider|slurp|headless|lighthouse|phantomjs|curl|wget|python|java/|go-http|axios|node-fetch)' THEN
    RETURN NULL;
  END IF;
  NEW.visitor := page_event_visitor(
    btrim(coalesce(headers->>'cf-connecting-ip', split_part(headers->>'x-forwarded-for', ',', 1))),
    agent,
    coalesce(headers->>'origin', headers->>'host'));
  RETURN NEW;
END
$$;

-- BEFORE, so the row's NOT NULL visitor is filled in before it is checked.
CREATE TRIGGER page_events_hash_visitor
  BEFORE INSERT ON page_events
  FOR EACH ROW EXECUTE FUNCTION page_events_hash_visitor();

-- anon may not read or make salts: the trigger runs with its owner's rights,
-- with a fixed search_path (pg_temp last, so no temporary table stands in for
-- the salts). Nobody calls these functions over the API.
ALTER FUNCTION page_events_hash_visitor() SECURITY DEFINER SET search_path = public, pg_temp;
ALTER FUNCTION page_event_visitor(text, text, text) SET search_path = public, pg_temp;
REVOKE EXECUTE ON FUNCTION page_events_hash_visitor(), page_event_visitor(text, text, text), page_event_roll_up(),
  page_event_counts(date, date), page_event_counts_from_raw(date, date) FROM PUBLIC, anon, authenticated;
`,
}

export interface SupabaseMigration {
  /** The Supabase CLI's `<version>_<name>.sql`. */
  name: string
  sql: string
}

interface SupabaseFile {
  name: string
  /** The comment that opens the file. */
  header: string
  /** Our migrations it holds, verbatim, each under its ruler. */
  migrations: readonly { file: string; ruler: string }[]
  /** What follows them for Supabase alone, given the columns they add that anon may insert. */
  supabaseOnly: (grant: readonly string[]) => { ruler: string; sql: string } | undefined
}

// The two files a Supabase project may already have applied, as they were
// written by hand, byte for byte: the Supabase CLI knows a file by its version
// alone, so these must never change (docs/decisions/016-one-definition-of-the-form.md).
const APPLIED: readonly SupabaseFile[] = [
  {
    name: '20261121000000_contact_submissions.sql',
    header: `-- The contact_submissions table for a Supabase project, so the built page can
-- post applications straight to Supabase (VITE_API_URL, VITE_API_ANON_KEY).
-- Apply it once: see supabase/README.md.
--
-- Sections 1 and 2 are migrations/001 and migrations/002 copied verbatim (the
-- Supabase CLI cannot include other files); a test fails if they drift apart.
-- Section 3 is what only Supabase needs: the anon role may insert an
-- application and do nothing else.
`,
    migrations: [
      {
        file: '001-contact-submissions.sql',
        ruler: '-- 1. migrations/001-contact-submissions.sql -----------------------------------',
      },
      {
        file: '002-retry-safety-and-honeypot.sql',
        ruler: '-- 2. migrations/002-retry-safety-and-honeypot.sql -------------------------------',
      },
    ],
    supabaseOnly: (grant) => ({
      ruler: '-- 3. Supabase: insert-only access for the public (anon) key -------------------',
      sql: `-- Supabase grants every new table, sequence and function in public to anon
-- and authenticated by default; take that back, then allow exactly the insert
-- the page sends. (The id sequence would tell how many applications there are.)
ALTER TABLE contact_submissions ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE contact_submissions FROM anon, authenticated;
REVOKE ALL ON SEQUENCE contact_submissions_id_seq FROM anon, authenticated;

-- Column-level: id and created_at always take their defaults. An identity
-- column needs no grant on its sequence.
GRANT INSERT (${grant.join(', ')})
  ON TABLE contact_submissions TO anon;

-- Without a SELECT grant, only \`Prefer: return=minimal\` (supabase-js's default
-- for insert) works for anon; return=representation, return=headers-only and
-- upserts are refused with 401, which is intended.
CREATE POLICY contact_submissions_anon_insert ON contact_submissions
  FOR INSERT TO anon
  WITH CHECK (true);

-- The trigger runs with the inserting role's rights but needs no EXECUTE grant
-- to fire, so nobody needs to call the function directly. A fixed search_path
-- keeps a caller's objects from shadowing the built-ins it uses.
ALTER FUNCTION contact_submissions_drop_honeypot() SET search_path = '';
REVOKE EXECUTE ON FUNCTION contact_submissions_drop_honeypot() FROM PUBLIC, anon, authenticated;
`,
    }),
  },
  {
    name: '20261201000000_spam_flag.sql',
    header: `-- Keeps honeypot hits as rows flagged \`spam\` instead of dropping them, and
-- renames the honeypot column to \`_gotcha\`. Apply after
-- 20261121000000_contact_submissions.sql: see supabase/README.md.
--
-- Section 1 is migrations/003 copied verbatim (a test fails if they drift
-- apart); section 2 is what only Supabase needs.
`,
    migrations: [
      {
        file: '003-spam-flag.sql',
        ruler: '-- 1. migrations/003-spam-flag.sql ----------------------------------------------',
      },
    ],
    supabaseOnly: (grant) => {
      if (grant.length > 0) throw new Error(`migrations/003 adds no column the page sends, yet ${grant.join(', ')} would be granted.`)
      return {
      ruler: '-- 2. Supabase -------------------------------------------------------------------',
      sql: `-- anon's INSERT grant on the honeypot column followed it through the rename.
-- It has none on \`spam\`, so a caller cannot mark its own row as a lead: only
-- the trigger sets the flag.
--
-- The trigger needs no EXECUTE grant to fire; take back the one Supabase gives
-- every new function, and fix its search_path as for the function it replaces.
ALTER FUNCTION contact_submissions_flag_spam() SET search_path = '';
REVOKE EXECUTE ON FUNCTION contact_submissions_flag_spam() FROM PUBLIC, anon, authenticated;
`,
      }
    },
  },
]

const ruler = (title: string) => `-- ${title} `.padEnd(80, '-')

/** Every later migration of ours gets a file of its own, after the applied ones. */
function laterFile(file: string): SupabaseFile {
  const match = /^(\d+)-([\w-]+)\.sql$/.exec(file)
  if (!match) throw new Error(`migrations/${file}: name it NNN-what-it-does.sql, so its Supabase file can be named after it.`)
  const [, number = '', title = ''] = match
  return {
    // After 20261201000000, the last applied file, in the order of ours.
    name: `20261201${number.padStart(6, '0')}_${title.replaceAll('-', '_')}.sql`,
    header: `-- migrations/${file} for a Supabase project.
-- Apply it after the files before it: see supabase/README.md.
-- Written by \`npm run supabase:migration\` from ../migrations and
-- common/application-form.ts: edit those, not this file.
`,
    migrations: [{ file, ruler: ruler(`1. migrations/${file}`) }],
    supabaseOnly: (grant) => {
      const statements = [
        ...(grant.length > 0
          ? ['-- The page sends these answers; anon may insert them.', `GRANT INSERT (${grant.join(', ')}) ON TABLE contact_submissions TO anon;`]
          : []),
        ...(SUPABASE_ONLY[file] === undefined ? [] : [SUPABASE_ONLY[file].trimEnd()]),
      ]
      return statements.length === 0 ? undefined : { ruler: ruler('2. Supabase'), sql: `${statements.join('\n')}\n` }
    },
  }
}

const SCRATCH = 'supabase_migration_scratch'

/** What a migration left behind: the table's columns by number (a rename keeps it), and the functions and tables there are. */
interface Catalog {
  columns: Map<number, string>
  objects: Set<string>
}

async function catalog(tx: Queryable): Promise<Catalog> {
  const columns = await tx.query<{ attnum: number; attname: string }>(
    `SELECT a.attnum, a.attname FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
     WHERE c.relname = 'contact_submissions' AND c.relnamespace = '${SCRATCH}'::regnamespace
       AND a.attnum > 0 AND NOT a.attisdropped`,
  )
  const objects = await tx.query<{ object: string }>(
    `SELECT 'function ' || proname AS object FROM pg_proc WHERE pronamespace = '${SCRATCH}'::regnamespace
     UNION ALL
     SELECT 'table ' || relname FROM pg_class WHERE relnamespace = '${SCRATCH}'::regnamespace AND relkind IN ('r', 'p', 'v', 'm', 'S')`,
  )
  return {
    columns: new Map(columns.map((row) => [Number(row.attnum), row.attname])),
    objects: new Set(objects.map((row) => row.object)),
  }
}

class Rollback extends Error {}

/**
 * Runs `files` in order on a scratch schema of `db`, in one transaction that
 * is rolled back, so any database will do (an empty one, or the server's own),
 * and reads the catalog after each.
 */
async function catalogsAfter(db: Pick<Database, 'transaction'>, files: readonly { file: string; sql: string }[]) {
  let result: Catalog[] = []
  try {
    await db.transaction(async (tx) => {
      await tx.exec(`CREATE SCHEMA ${SCRATCH}; SET LOCAL search_path = ${SCRATCH};`)
      const catalogs: Catalog[] = []
      for (const { file, sql } of files) {
        try {
          await tx.exec(sql)
        } catch (error) {
          throw new Error(`migrations/${file} failed on a fresh database: ${String(error)}`, { cause: error })
        }
        catalogs.push(await catalog(tx))
      }
      result = catalogs
      throw new Rollback()
    })
  } catch (error) {
    if (!(error instanceof Rollback)) throw error
  }
  return result
}

export interface SupabaseMigrationOptions {
  /** The form whose answers anon may insert; the application's unless given. */
  form?: FormDefinition
  migrationsDir?: string
}

/**
 * supabase/migrations as they should be: our migrations, verbatim, with what
 * only Supabase needs. anon may insert exactly the page's columns (the form's
 * answers, submission_id and the honeypot), each granted in the file whose
 * migration adds the column, under the name it has there. `db` is any
 * database to try the migrations on (nothing of it is kept).
 */
export async function supabaseMigrations(
  db: Pick<Database, 'transaction'>,
  { form = applicationForm, migrationsDir = MIGRATIONS_DIR }: SupabaseMigrationOptions = {},
): Promise<SupabaseMigration[]> {
  const names = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql') && !SERVER_ONLY_MIGRATIONS.has(name)).sort()
  const sql = new Map(await Promise.all(names.map(async (name) => [name, await readFile(join(migrationsDir, name), 'utf8')] as const)))

  const applied = APPLIED.flatMap((file) => file.migrations.map((migration) => migration.file))
  const missing = applied.filter((file) => !sql.has(file))
  if (missing.length > 0) throw new Error(`supabase/migrations holds ${missing.join(', ')}, which migrations/ no longer has.`)
  const files = [...APPLIED, ...names.filter((name) => !applied.includes(name)).map(laterFile)]
  const order = files.flatMap((file) => file.migrations.map(({ file: name }) => ({ file: name, sql: sql.get(name) ?? '' })))
  if (order.map((step) => step.file).join() !== names.join()) {
    throw new Error(`migrations/ must keep ${applied.join(', ')} first, as Supabase projects applied them.`)
  }

  const catalogs = await catalogsAfter(db, order)
  const final = catalogs.at(-1)?.columns ?? new Map<number, string>()
  const insertable = new Set(submittedColumns(form))
  const present = new Set(final.values())
  const absent = [...insertable].filter((column) => !present.has(column))
  if (absent.length > 0) {
    throw new Error(`The page sends ${absent.join(', ')}, but no migration in migrations/ adds the column to contact_submissions.`)
  }

  let step = 0
  let before: Catalog = { columns: new Map(), objects: new Set() }
  return files.map((file) => {
    step += file.migrations.length
    const after = catalogs[step - 1] ?? before
    const grant = [...after.columns]
      .filter(([number, name]) => !before.columns.has(number) && insertable.has(final.get(number) ?? name))
      .sort(([a], [b]) => a - b)
      .map(([, name]) => name)
    const created = [...after.objects].filter((object) => !before.objects.has(object))
    const [own] = file.migrations
    if (!APPLIED.includes(file) && own && created.length > 0 && SUPABASE_ONLY[own.file] === undefined) {
      throw new Error(
        `migrations/${own.file} creates ${created.join(', ')}, which Supabase grants to anon: ` +
          'say what Supabase needs for it in SUPABASE_ONLY (scripts/supabase-migration-files.ts).',
      )
    }
    before = after
    const extra = file.supabaseOnly(grant)
    const sections = [
      file.header,
      ...file.migrations.map((migration) => `${migration.ruler}\n${sql.get(migration.file) ?? ''}`),
      ...(extra ? [`${extra.ruler}\n${extra.sql}`] : []),
    ]
    return { name: file.name, sql: sections.join('\n') }
  })
}
