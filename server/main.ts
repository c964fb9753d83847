// Starts the server: `npm run serve` (or `npm start`, which builds first).
import { existsSync } from 'node:fs'
import { buildApp } from './app.ts'
import { parseConfigOrExit } from './config.ts'
import { migrate } from './db/migrate.ts'
import { openPglite } from './db/pglite.ts'

// After a stop signal, give in-flight requests this long before giving up on them.
const CLOSE_TIMEOUT_MS = 10_000

// Variables already set in the environment win over the file.
if (existsSync('.env')) process.loadEnvFile('.env')
const config = parseConfigOrExit(process.env)
const db = await openPglite(config.dataDir).catch((error: unknown) => {
  // No logger yet: the app is built around the open database.
  process.stderr.write(`Could not open the database in ${config.dataDir}: ${String(error)}\n`)
  process.exit(1)
})
const app = buildApp({
  config,
  db,
  logger: {
    level: config.logLevel,
    // The default serializers leave headers out; this guards against someone logging them.
    redact: ['req.headers.authorization', 'req.headers.apikey', 'req.headers.cookie'],
  },
})

try {
  const applied = await migrate(db)
  app.log.info({ dataDir: config.dataDir, applied }, 'database ready')
  await app.listen({ port: config.port, host: config.host })
} catch (error) {
  app.log.fatal({ err: error }, 'could not start')
  await app.close()
  await db.close()
  process.exit(1)
}
app.log.info({ url: `http://${config.host}:${config.port}`, webRoot: config.webRoot }, 'serving')

let closing = false
async function shutdown(signal: NodeJS.Signals) {
  if (closing) {
    app.log.warn({ signal }, 'second stop signal, exiting now')
    process.exit(1)
  }
  closing = true
  app.log.info({ signal }, 'closing: finishing in-flight requests')
  setTimeout(() => {
    app.log.error('in-flight requests did not finish in time, exiting')
    process.exit(1)
  }, CLOSE_TIMEOUT_MS).unref()
  try {
    // Stops accepting connections and waits for requests in progress; the
    // database closes after them, so no acknowledged application is lost.
    await app.close()
    await db.close()
    app.log.info('closed')
  } catch (error) {
    app.log.error({ err: error }, 'error while closing')
    process.exitCode = 1
  }
}
process.on('SIGTERM', (signal) => void shutdown(signal))
process.on('SIGINT', (signal) => void shutdown(signal))
