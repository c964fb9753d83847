/**
 * Which file of supabase/migrations holds each of our migrations, by the
 * version the Supabase CLI records once it has applied that file (the leading
 * timestamp of its name). scripts/supabase-migration names its files from this
 * and refuses to write one that disagrees, and migrate() reads it to take over
 * a database Supabase migrated, so the two cannot drift apart.
 */

// The files written by hand before the generator: Supabase projects may have
// applied them, so their versions never change.
const HAND_WRITTEN: Readonly<Record<string, string>> = {
  '001-contact-submissions.sql': '20261121000000',
  '002-retry-safety-and-honeypot.sql': '20261121000000',
  '003-spam-flag.sql': '20261201000000',
}

const NUMBERED = /^(\d+)-[\w-]+\.sql$/

/**
 * The version of the Supabase file that would hold `migration`, or undefined
 * for a name the generator refuses. A server-only migration has no Supabase
 * file, so its version is never recorded and it always runs.
 */
export function supabaseVersion(migration: string): string | undefined {
  const handWritten = HAND_WRITTEN[migration]
  if (handWritten !== undefined) return handWritten
  const number = NUMBERED.exec(migration)?.[1]
  // After 20261201000000, the last hand-written file, in the order of ours.
  return number === undefined ? undefined : `20261201${number.padStart(6, '0')}`
}

/** The version part of a Supabase migration's file name, `<version>_<name>.sql`. */
export const versionOfFile = (supabaseFile: string) => supabaseFile.split('_', 1)[0] ?? ''
