// npm run supabase:migration — writes supabase/migrations from migrations/ and
// common/application-form.ts. A server test fails while the committed files
// differ from what this writes.
import { readdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { Database, Queryable } from '../server/db/database.ts'
import { findProjectRoot } from '../server/project-root.ts'
import { supabaseMigrations } from './supabase-migration-files.ts'

const OUT = join(findProjectRoot(), 'supabase', 'migrations')

// A throwaway in-memory database to try the migrations on.
const pg = await PGlite.create()
const scratch: Pick<Database, 'transaction'> = {
  transaction: (fn) =>
    pg.transaction((tx) => {
      const queryable: Queryable = {
        query: async (sql, params = []) => (await tx.query(sql, [...params])).rows as never,
        exec: async (sql) => {
          await tx.exec(sql)
        },
      }
      return fn(queryable)
    }),
}

try {
  const files = await supabaseMigrations(scratch)
  const names = new Set(files.map((file) => file.name))
  for (const name of await readdir(OUT)) {
    if (name.endsWith('.sql') && !names.has(name)) {
      await rm(join(OUT, name))
      console.log(`removed supabase/migrations/${name}`)
    }
  }
  for (const file of files) {
    await writeFile(join(OUT, file.name), file.sql)
    console.log(`wrote supabase/migrations/${file.name}`)
  }
} finally {
  await pg.close()
}
