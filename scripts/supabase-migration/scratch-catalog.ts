import type { Database, Queryable } from '../../server/db/database.ts'

const SCRATCH = 'supabase_migration_scratch'

/** What a migration left behind: the table's columns by number (a rename keeps it), and the functions and tables there are. */
export interface Catalog {
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
export async function catalogsAfter(
  db: Pick<Database, 'transaction'>,
  files: readonly { file: string; sql: string }[],
) {
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
