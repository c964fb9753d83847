// One server process: opens the database, listens, and shuts down gracefully.
// Started by main.ts, directly or as one of WEB_CONCURRENCY cluster workers.
import cluster from 'node:cluster'
import type { FastifyRequest } from 'fastify'
import type { SiteManifest } from '../common/site-manifest.ts'
import { buildApp } from './app.ts'
import { scheduleBackups } from './backups/backup-schedule.ts'
import { createBackupService } from './backups/backup-service.ts'
import { upgradeAdvice } from './backups/upgrade-advice.ts'
import type { Config } from './config.ts'
import { NO_PLATFORMS, type ConsentSettings } from './conversions/consent-config.ts'
import { DataDirVersionError } from './db/data-dir-version.ts'
import { describeDatabase, migrateDatabase, openDatabase } from './db/open-database.ts'
import { DRAIN_TIMEOUT_MS, onStopSignals } from './stop-signals.ts'

// Query strings can carry values (a service-role read filtering on an email), so
// the log keeps only the parameter names. Bodies and headers are never logged.
const withoutQueryValues = (url: string) => {
  const [path = '', query] = url.split('?', 2)
  if (query === undefined) return path
  return `${path}?${[...new URLSearchParams(query).keys()].join('&')}`
}

export async function serve(config: Config, site: SiteManifest, consent: ConsentSettings = NO_PLATFORMS) {
  const where = describeDatabase(config)

  // No logger until the app exists; the pool cannot lose an idle connection before then.
  let reportIdleError: (error: Error) => void = (error) =>
    process.stderr.write(`Database connection lost: ${error.message}\n`)
  let reportPreparedOff: (error: Error) => void = () => undefined
  const db = await openDatabase(config, {
    onIdleError: (error) => reportIdleError(error),
    onPreparedStatementsOff: (error) => reportPreparedOff(error),
  }).catch(async (error: unknown) => {
    const message =
      error instanceof DataDirVersionError
        ? await upgradeAdvice(error, config)
        : `Could not open ${where}: ${error instanceof Error ? error.message : String(error)}`
    process.stderr.write(`${message}\n`)
    process.exit(1)
  })

  // The embedded database only: on PostgreSQL the provider's backups or pg_dump do this (docs/operations.md).
  const backups =
    config.databaseUrl === undefined
      ? createBackupService({ db, dataDir: config.dataDir, dir: config.backups.dir, keep: config.backups.keep })
      : undefined
  const app = buildApp({
    site,
    config,
    consent,
    db,
    backups,
    logger: {
      level: config.logLevel,
      // The default serializers leave headers out; this guards against someone logging them.
      redact: ['req.headers.authorization', 'req.headers.apikey', 'req.headers.cookie'],
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: withoutQueryValues(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
    },
  })
  reportIdleError = (error) => app.log.warn({ err: error }, 'database connection lost while idle; the pool reconnects')
  reportPreparedOff = (error) =>
    app.log.warn(
      { err: error },
      'prepared statements failed (a transaction-mode pooler?); running statements unprepared from now on',
    )

  let url: string
  try {
    const applied = await migrateDatabase(config, db)
    app.log.info({ database: where, applied }, 'database ready')
    url = await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    app.log.fatal({ err: error, database: where }, 'could not start')
    await app.close()
    await db.close()
    process.exit(1)
  }
  // Time since the process started: a restart on an existing data dir should take seconds.
  app.log.info({ url, webRoot: config.webRoot, readyInMs: Math.round(performance.now()) }, 'serving')
  const stopBackups =
    backups === undefined ? () => undefined : scheduleBackups(backups, config.backups.intervalHours, app.log)

  async function shutdown(signal: NodeJS.Signals) {
    app.log.info({ signal }, 'closing: finishing in-flight requests')
    setTimeout(() => {
      app.log.error({ drainTimeoutMs: DRAIN_TIMEOUT_MS }, 'in-flight requests did not finish in time, exiting')
      process.exit(1)
    }, DRAIN_TIMEOUT_MS).unref()
    try {
      // Stops accepting connections and waits for requests in progress; the
      // database closes after them, so no acknowledged application is lost.
      // Node closes only the connections idle when closing starts; one whose last
      // request finishes later would hold the process for its keep-alive timeout.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100)
      try {
        await app.close()
      } finally {
        clearInterval(sweep)
      }
      stopBackups()
      await backups?.close()
      await db.close()
      app.log.info('closed')
    } catch (error) {
      app.log.error({ err: error }, 'error while closing')
      process.exitCode = 1
    }
    // A cluster worker's channel to the primary would keep it running until the drain timeout.
    cluster.worker?.disconnect()
  }
  onStopSignals(
    (signal) => void shutdown(signal),
    (signal) => app.log.info({ signal }, 'already closing; the signal changes nothing'),
  )
}
