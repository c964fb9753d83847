import { afterAll, beforeAll } from 'vitest'
import type { Database } from '../db/database.ts'
import { openTempDatabase, type TempDatabase } from './temp-database.ts'

/**
 * The suite's own database on the project's target (PGlite for `server`,
 * PostgreSQL for `server-postgres`), opened before its tests and deleted after
 * them. Call it before the suite's own beforeAll, which may then use it; its
 * afterAll runs after theirs (Vitest runs after-hooks in reverse), so an app
 * built on it is closed first. The object it returns reads through to the
 * database opened, so it may be kept in a const at the top of the file.
 */
export function useTempDatabase(options: { migrated?: boolean } = {}): TempDatabase {
  let temp: TempDatabase | undefined
  const opened = () => {
    if (!temp) throw new Error('useTempDatabase opens its database in beforeAll: use it in a hook or a test')
    return temp
  }
  beforeAll(async () => {
    temp = await openTempDatabase(options)
  })
  afterAll(async () => {
    await temp?.dispose()
  })
  return {
    get db(): Database {
      return opened().db
    },
    get target() {
      return opened().target
    },
    get settings() {
      return opened().settings
    },
    get env() {
      return opened().env
    },
    reopen: () => opened().reopen(),
    dispose: () => opened().dispose(),
  }
}
