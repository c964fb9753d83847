/**
 * Which database the server tests run against: the vitest project sets
 * TEST_DATABASE ('server': pglite, 'server-postgres': postgres). Tests that
 * only make sense on one of them use `describe.runIf(DATABASE_TARGET === …)`.
 */
export type DatabaseTarget = 'pglite' | 'postgres'

function readTarget(value: string | undefined): DatabaseTarget {
  if (value === undefined || value === '' || value === 'pglite') return 'pglite'
  if (value === 'postgres') return 'postgres'
  throw new Error(`TEST_DATABASE must be pglite or postgres, not ${JSON.stringify(value)}`)
}

export const DATABASE_TARGET: DatabaseTarget = readTarget(process.env.TEST_DATABASE)

/** The database that global setup migrates and each test file copies. */
export const MIGRATED_TEMPLATE = 'landing_migrated_template'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the run's PostgreSQL server, for creating databases. */
    postgresAdminUrl: string
    /** A migrated, closed PGlite data directory to copy; unset outside the 'server' project. */
    pgliteTemplateDir: string | undefined
  }
}
