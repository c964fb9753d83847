// vitest globalSetup of the 'server' project: one migrated PGlite data directory
// for the run, which each test file copies (see temp-database.ts). A copy opens
// in about a second; a new directory pays PGlite's initdb, several seconds on a
// busy machine, in every file.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { migrate } from '../db/migrate.ts'
import { openPglite } from '../db/pglite.ts'

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'landing-db-template-'))
  try {
    const db = await openPglite(dir)
    await migrate(db)
    await db.close()
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }
  project.provide('pgliteTemplateDir', dir)
  return () => rm(dir, { recursive: true, force: true })
}
