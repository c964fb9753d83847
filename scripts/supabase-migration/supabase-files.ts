import { supabaseVersion } from '../../server/db/supabase-versions.ts'

/** One file of supabase/migrations, before its SQL is read. */
export interface SupabaseFile {
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
export const APPLIED: readonly SupabaseFile[] = [
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
      if (grant.length > 0)
        throw new Error(`migrations/003 adds no column the page sends, yet ${grant.join(', ')} would be granted.`)
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

/**
 * Every later migration of ours gets a file of its own, after the applied ones;
 * `supabaseSql` is what Supabase alone needs after it, if anything.
 */
export function laterFile(file: string, supabaseSql: string | undefined): SupabaseFile {
  const title = /^\d+-([\w-]+)\.sql$/.exec(file)?.[1]
  const version = supabaseVersion(file)
  if (title === undefined || version === undefined) {
    throw new Error(`migrations/${file}: name it NNN-what-it-does.sql, so its Supabase file can be named after it.`)
  }
  return {
    name: `${version}_${title.replaceAll('-', '_')}.sql`,
    header: `-- migrations/${file} for a Supabase project.
-- Apply it after the files before it: see supabase/README.md.
-- Written by \`npm run supabase:migration\` from ../migrations and
-- common/application-form.ts: edit those, not this file.
`,
    migrations: [{ file, ruler: ruler(`1. migrations/${file}`) }],
    supabaseOnly: (grant) => {
      const statements = [
        ...(grant.length > 0
          ? [
              '-- The page sends these answers; anon may insert them.',
              `GRANT INSERT (${grant.join(', ')}) ON TABLE contact_submissions TO anon;`,
            ]
          : []),
        ...(supabaseSql === undefined ? [] : [supabaseSql.trimEnd()]),
      ]
      return statements.length === 0 ? undefined : { ruler: ruler('2. Supabase'), sql: `${statements.join('\n')}\n` }
    },
  }
}
