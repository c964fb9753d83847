import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { applicationForm, type FormDefinition } from '../common/application-form.ts'
import { submittedColumns } from '../common/contact-submission.ts'
import type { Database } from '../server/db/database.ts'
import { MIGRATIONS_DIR } from '../server/db/migrate.ts'
import { supabaseVersion, versionOfFile } from '../server/db/supabase-versions.ts'
import { catalogsAfter, type Catalog } from './supabase-migration/scratch-catalog.ts'
import { APPLIED, laterFile } from './supabase-migration/supabase-files.ts'

/** The server's own tables (rate limits, the lead inbox), which a page posting straight to Supabase never uses. */
export const SERVER_ONLY_MIGRATIONS: ReadonlySet<string> = new Set([
  '004-rate-limits.sql',
  '008-admin-accounts.sql',
  '009-lead-pipeline.sql',
  '011-cheaper-insert.sql',
  '014-inbox-teammates.sql',
  '015-lead-opened.sql',
  '016-phone-search.sql',
  '017-lead-name-order.sql',
  '022-funnel-bounded-sources.sql',
  '023-lead-outcomes.sql',
  '024-lead-owners.sql',
  '026-duplicates.sql',
  '028-owner-in-turn.sql',
  '029-ad-spend.sql',
  '030-funnel-leads.sql',
  '031-lead-ad-consents.sql',
  '032-lead-conversions.sql',
])

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
  '012-bookings.sql': `-- Only the server, connecting as the database owner, reads and writes
-- bookings (the providers post to it); the API's roles get nothing of them.
ALTER TABLE bookings ENABLE ROW LEVEL SECURITY;
ALTER TABLE booking_events ENABLE ROW LEVEL SECURITY;
ALTER TABLE booking_receipts ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE bookings, booking_events, booking_receipts FROM anon, authenticated;
REVOKE ALL ON SEQUENCE bookings_id_seq, booking_events_id_seq FROM anon, authenticated;
`,
  '013-booking-notifications-and-follow-ups.sql': `-- Only the server, connecting as the database owner, reads and writes these;
-- the API's roles get nothing of them, least of all the signing key.
ALTER TABLE follow_up_sweep ENABLE ROW LEVEL SECURITY;
ALTER TABLE follow_up_opt_outs ENABLE ROW LEVEL SECURITY;
ALTER TABLE site_keys ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE follow_up_sweep, follow_up_opt_outs, site_keys FROM anon, authenticated;
`,
  '018-one-follow-up-per-address.sql': `-- Only the server, connecting as the database owner, reads and writes the
-- follow-ups' claims; the API's roles get nothing of them.
ALTER TABLE follow_up_recipients ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE follow_up_recipients FROM anon, authenticated;
`,
  '019-booking-requests.sql': `-- Only the server, connecting as the database owner, reads and writes
-- booking requests; the API's roles get nothing of them.
ALTER TABLE booking_requests ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE booking_requests FROM anon, authenticated;
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
  const names = (await readdir(migrationsDir))
    .filter((name) => name.endsWith('.sql') && !SERVER_ONLY_MIGRATIONS.has(name))
    .sort()
  const sql = new Map(
    await Promise.all(names.map(async (name) => [name, await readFile(join(migrationsDir, name), 'utf8')] as const)),
  )

  const applied = APPLIED.flatMap((file) => file.migrations.map((migration) => migration.file))
  const missing = applied.filter((file) => !sql.has(file))
  if (missing.length > 0)
    throw new Error(`supabase/migrations holds ${missing.join(', ')}, which migrations/ no longer has.`)
  const files = [
    ...APPLIED,
    ...names.filter((name) => !applied.includes(name)).map((name) => laterFile(name, SUPABASE_ONLY[name])),
  ]
  // migrate() takes a Supabase-migrated database over by these versions.
  for (const file of files) {
    const wrong = file.migrations.filter(({ file: name }) => supabaseVersion(name) !== versionOfFile(file.name))
    if (wrong.length > 0) {
      throw new Error(
        `supabase/migrations/${file.name} holds ${wrong.map((m) => m.file).join(', ')}, ` +
          'which server/db/supabase-versions.ts puts in another version.',
      )
    }
  }
  const order = files.flatMap((file) =>
    file.migrations.map(({ file: name }) => ({ file: name, sql: sql.get(name) ?? '' })),
  )
  if (order.map((step) => step.file).join() !== names.join()) {
    throw new Error(`migrations/ must keep ${applied.join(', ')} first, as Supabase projects applied them.`)
  }

  const catalogs = await catalogsAfter(db, order)
  const final = catalogs.at(-1)?.columns ?? new Map<number, string>()
  const insertable = new Set(submittedColumns(form))
  const present = new Set(final.values())
  const absent = [...insertable].filter((column) => !present.has(column))
  if (absent.length > 0) {
    throw new Error(
      `The page sends ${absent.join(', ')}, but no migration in migrations/ adds the column to contact_submissions.`,
    )
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
