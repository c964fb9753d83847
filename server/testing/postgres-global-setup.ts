// vitest globalSetup of the 'server-postgres' project: one PostgreSQL server for
// the whole run, plus a migrated template that each test file copies into a
// database of its own (see temp-database.ts), so files run in parallel.
import type { TestProject } from 'vitest/node'
import { migrate } from '../db/migrate.ts'
import { MAINTENANCE_POOL, openPostgres } from '../db/postgres.ts'
import { MIGRATED_TEMPLATE } from './database-target.ts'
import { startPostgresServer } from './postgres-server.ts'

export default async function setup(project: TestProject) {
  const server = await startPostgresServer()
  try {
    const admin = openPostgres(server.url(), MAINTENANCE_POOL)
    await admin.exec(`CREATE DATABASE ${MIGRATED_TEMPLATE}`)
    const template = openPostgres(server.url(MIGRATED_TEMPLATE), MAINTENANCE_POOL)
    await migrate(template)
    await template.close()
    // Copying needs a template nobody is connected to.
    await admin.exec(`ALTER DATABASE ${MIGRATED_TEMPLATE} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`)
    await admin.close()
  } catch (error) {
    await server.dispose()
    throw error
  }
  project.provide('postgresAdminUrl', server.url())
  return () => server.dispose()
}
