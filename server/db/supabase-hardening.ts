import { submittedColumns } from '../../common/contact-submission.ts'
import type { Queryable } from './database.ts'

/**
 * The columns anon may insert, by table: what supabase/migrations grant it
 * (the page's application, the funnel's events), and nothing else of ours.
 * A test holds this to the committed files.
 */
export const ANON_INSERTS: Readonly<Record<string, readonly string[]>> = {
  contact_submissions: submittedColumns(),
  page_events: ['type', 'step', 'source', 'path'],
}

// Supabase's API roles: PostgREST runs a request with the public key as anon,
// one with a signed-in user's token as authenticated.
const API_ROLES = 'anon, authenticated'

const CREATED =
  /\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:UNLOGGED\s+|MATERIALIZED\s+)?(?:TABLE|VIEW|SEQUENCE|FUNCTION|PROCEDURE)\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:"?\w+"?\.)?"?(\w+)/gi

/**
 * The tables, views, sequences and functions that `migrations` (their SQL)
 * create, by name: ours, as opposed to whatever else a Supabase project keeps
 * in its public schema, which is its owner's business.
 */
export function createdNames(migrations: readonly string[]): Set<string> {
  const names = new Set(['schema_migrations'])
  for (const sql of migrations) {
    for (const match of sql.replace(/--.*$/gm, '').matchAll(CREATED)) names.add(match[1] ?? '')
  }
  return names
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

// Ours: named by a migration, in the schema migrate() creates in, and owned by
// a role the server acts as (it could not alter anything else).
const OUR_RELATIONS = `SELECT c.oid, c.relname, c.relkind, c.relrowsecurity FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = current_schema() AND c.relname = ANY($1::text[]) AND pg_has_role(c.relowner, 'USAGE')`

/**
 * Supabase grants every new table, sequence and function in public to anon
 * and authenticated (its default privileges), and each file of
 * supabase/migrations takes that back for what it creates. What migrate()
 * runs there itself (the server-only migrations, or any the Supabase CLI has
 * not applied yet) gets the same here: the API's roles keep nothing of ours
 * but ANON_INSERTS, row-level security is on, and a trigger that anon's insert
 * fires runs with its owner's rights, as anon may not write what it writes.
 * It acts only on what differs, so a start with nothing to mend just reads
 * the catalog, and it does nothing where those roles do not exist (PGlite,
 * plain PostgreSQL). Returns the statements it ran.
 */
export async function hardenForSupabase(tx: Queryable, names: ReadonlySet<string>): Promise<string[]> {
  const [state] = await tx.query<{ roles: number; schema: string }>(
    `SELECT count(*)::int AS roles, quote_ident(current_schema()) AS schema FROM pg_roles WHERE rolname IN ('anon', 'authenticated')`,
  )
  if (state?.roles !== 2) return []
  const ours = [...names]
  const statements: string[] = []
  const run = async (sql: string) => {
    statements.push(sql)
    await tx.exec(sql)
  }

  const tables = await tx.query<{ name: string; table: string; role: string; whole: boolean; columns: string[] }>(
    `SELECT o.oid::regclass::text AS "table", o.relname AS name, r.role,
       has_table_privilege(r.role, o.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER') AS whole,
       ARRAY(SELECT p.privilege || ' ' || a.attname FROM pg_attribute a, unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'REFERENCES']) p (privilege)
             WHERE a.attrelid = o.oid AND a.attnum > 0 AND NOT a.attisdropped
               AND has_column_privilege(r.role, o.oid, a.attnum, p.privilege)) AS columns
     FROM (${OUR_RELATIONS} AND c.relkind IN ('r', 'p', 'v', 'm', 'f')) o, unnest(ARRAY['anon', 'authenticated']) r (role)
     ORDER BY 1, 3`,
    [ours],
  )
  for (const { name, table, role, whole, columns } of tables) {
    const allowed = new Set((role === 'anon' ? ANON_INSERTS[name] : undefined)?.map((column) => `INSERT ${column}`))
    if (!whole && columns.every((column) => allowed.has(column))) continue
    // REVOKE ALL takes the column grants too: put back those it may keep.
    await run(`REVOKE ALL ON TABLE ${table} FROM ${role}`)
    const kept = columns.filter((column) => allowed.has(column)).map((column) => quote(column.slice('INSERT '.length)))
    if (kept.length > 0) await run(`GRANT INSERT (${kept.join(', ')}) ON TABLE ${table} TO ${role}`)
  }

  // Identity columns' sequences included: one would tell how many rows there are.
  const sequences = await tx.query<{ sequence: string }>(
    `SELECT s.oid::regclass::text AS sequence FROM pg_class s
     WHERE s.relkind = 'S' AND pg_has_role(s.relowner, 'USAGE')
       AND (s.oid IN (SELECT oid FROM (${OUR_RELATIONS}) o)
         OR EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = s.oid
                      AND d.refobjid IN (SELECT oid FROM (${OUR_RELATIONS}) o) AND d.deptype IN ('a', 'i')))
       AND (has_sequence_privilege('anon', s.oid, 'USAGE, SELECT, UPDATE')
         OR has_sequence_privilege('authenticated', s.oid, 'USAGE, SELECT, UPDATE'))
     ORDER BY 1`,
    [ours],
  )
  for (const { sequence } of sequences) await run(`REVOKE ALL ON SEQUENCE ${sequence} FROM ${API_ROLES}`)

  // Without a policy, nothing passes: a grant given by mistake later still
  // lets no row through. The owner, as which the server connects, is exempt.
  const open = await tx.query<{ table: string }>(
    `SELECT oid::regclass::text AS "table" FROM (${OUR_RELATIONS}) o
     WHERE relkind IN ('r', 'p') AND NOT relrowsecurity ORDER BY 1`,
    [ours],
  )
  for (const { table } of open) await run(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`)

  const functions = await tx.query<{
    fn: string
    fired: boolean
    pinned: boolean
    evaluated: boolean
    callable: boolean
  }>(
    `WITH inserted AS (
       SELECT oid FROM (${OUR_RELATIONS}) o WHERE has_any_column_privilege('anon', oid, 'INSERT')
     ), fired AS (
       SELECT tgfoid FROM pg_trigger WHERE tgrelid IN (SELECT oid FROM inserted) AND NOT tgisinternal AND tgtype & 4 <> 0
     ), evaluated AS (
       SELECT d.refobjid FROM pg_depend d
       WHERE d.refclassid = 'pg_proc'::regclass AND (
         d.classid = 'pg_class'::regclass AND d.objid IN (SELECT indexrelid FROM pg_index WHERE indrelid IN (SELECT oid FROM inserted))
         OR d.classid = 'pg_attrdef'::regclass AND d.objid IN (SELECT oid FROM pg_attrdef WHERE adrelid IN (SELECT oid FROM inserted))
         OR d.classid = 'pg_constraint'::regclass AND d.objid IN (SELECT oid FROM pg_constraint WHERE conrelid IN (SELECT oid FROM inserted))
         OR d.classid = 'pg_policy'::regclass AND d.objid IN (SELECT oid FROM pg_policy WHERE polrelid IN (SELECT oid FROM inserted)))
     )
     SELECT p.oid::regprocedure::text AS fn, p.oid IN (SELECT tgfoid FROM fired) AS fired,
       EXISTS (SELECT FROM unnest(p.proconfig) s (setting) WHERE setting LIKE 'search\\_path=%') AS pinned,
       p.oid IN (SELECT refobjid FROM evaluated) AS evaluated,
       has_function_privilege('anon', p.oid, 'EXECUTE') OR has_function_privilege('authenticated', p.oid, 'EXECUTE') AS callable
     FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = current_schema() AND p.proname = ANY($1::text[]) AND p.prokind IN ('f', 'p') AND pg_has_role(p.proowner, 'USAGE')
     ORDER BY 1`,
    [ours],
  )
  for (const { fn, fired, pinned, evaluated, callable } of functions) {
    // As lead_outbox_enqueue in supabase/migrations: pg_temp last, so no
    // temporary table can stand in for one the trigger writes. A function
    // whose search_path is fixed was written for anon's insert and is left as
    // it is (contact_submissions_flag_spam needs no rights beyond its row).
    if (fired && !pinned) await run(`ALTER FUNCTION ${fn} SECURITY DEFINER SET search_path = ${state.schema}, pg_temp`)
    // An index or default of a table anon inserts into is computed as anon, and needs it.
    if (callable && !evaluated) await run(`REVOKE EXECUTE ON FUNCTION ${fn} FROM PUBLIC, ${API_ROLES}`)
  }
  return statements
}
