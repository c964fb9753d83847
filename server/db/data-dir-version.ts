import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The PostgreSQL major version PGlite runs (0.5.x: PostgreSQL 18). A data
 * directory holds one major's files; PGlite cannot open another's. A test
 * checks a new data directory says this, so a PGlite upgrade that changes it
 * cannot go unnoticed.
 */
export const PGLITE_POSTGRES_MAJOR = '18'

/** A data directory written by another major version of PostgreSQL (another PGlite). */
export class DataDirVersionError extends Error {
  override name = 'DataDirVersionError'
  constructor(
    readonly dataDir: string,
    readonly found: string,
  ) {
    super(
      `The embedded database in ${dataDir} was written by PostgreSQL ${found} (another version of PGlite); this version runs PostgreSQL ${PGLITE_POSTGRES_MAJOR} and cannot open it. Its files are untouched.`,
    )
  }
}

/** Throws DataDirVersionError before PGlite meets files it cannot read (it would fail with a raw error). */
export function checkDataDirVersion(dataDir: string): void {
  const file = join(dataDir, 'PG_VERSION')
  if (!existsSync(file)) return
  const found = readFileSync(file, 'utf8').trim()
  if (found !== PGLITE_POSTGRES_MAJOR) throw new DataDirVersionError(dataDir, found)
}
