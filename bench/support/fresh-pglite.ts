import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Database } from '../../server/db/database.ts'
import { openPglite } from '../../server/db/pglite.ts'

/** Runs `use` on an embedded database in a new temporary directory, then closes it and deletes the directory. */
export async function withFreshPglite<T>(prefix: string, use: (db: Database) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), prefix))
  const db = await openPglite(dir)
  try {
    return await use(db)
  } finally {
    await db.close()
    await rm(dir, { recursive: true, force: true })
  }
}
