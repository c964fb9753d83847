// `npm run db:migrate`: brings the database (DATABASE_URL, else the embedded one
// in DATA_DIR) up to date without starting the server (the server also migrates
// on start).
import { loadConfigOrExit } from '../config.ts'
import { migrate } from '../db/migrate.ts'
import { describeDatabase, openDatabase } from '../db/open-database.ts'
import { keepFilesPrivate } from '../db/private-files.ts'

// Before anything is written: the database, backups and exports are this user's alone.
keepFilesPrivate()

const config = loadConfigOrExit()
const where = describeDatabase(config)
const db = await openDatabase(config, { purpose: 'maintenance' }).catch((error: unknown) => {
  process.stderr.write(`Could not open ${where}: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
try {
  const applied = await migrate(db)
  process.stdout.write(applied.length > 0 ? `Applied ${applied.join(', ')} to ${where}\n` : `${where} is up to date\n`)
} catch (error) {
  process.stderr.write(`Migration failed: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
} finally {
  await db.close()
}
