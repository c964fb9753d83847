// `npm run db:migrate`: brings the embedded database up to date without
// starting the server (the server also migrates on start).
import { parseConfigOrExit } from '../config.ts'
import { migrate } from './migrate.ts'
import { openPglite } from './pglite.ts'

const config = parseConfigOrExit(process.env)
const db = await openPglite(config.dataDir)
try {
  const applied = await migrate(db)
  process.stdout.write(
    applied.length > 0
      ? `Applied ${applied.join(', ')} to ${config.dataDir}\n`
      : `${config.dataDir} is up to date\n`,
  )
} catch (error) {
  process.stderr.write(`Migration failed: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
} finally {
  await db.close()
}
