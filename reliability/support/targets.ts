import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startPostgresServer, type PostgresServer } from '../../server/testing/postgres-server.ts'

/** Where the server under test keeps its data, and how to clean it away. */
export interface StorageTarget {
  name: 'PGlite' | 'PostgreSQL'
  /** The server's environment for this storage. */
  env: Record<string, string>
  dispose(): Promise<void>
}

export async function pgliteTarget(): Promise<StorageTarget> {
  const dataDir = await mkdtemp(join(tmpdir(), 'reliability-pglite-'))
  return {
    name: 'PGlite',
    env: { DATA_DIR: dataDir },
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  }
}

/** A throwaway PostgreSQL 15 on loopback (Debian's), which a test may stop and start. */
export async function postgresTarget(): Promise<StorageTarget & { postgres: PostgresServer }> {
  const postgres = await startPostgresServer()
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: postgres.url() },
    postgres,
    dispose: () => postgres.dispose(),
  }
}

/** Each storage the server supports, as describe.each rows: [name, open]. */
export function storageTargets(): [string, () => Promise<StorageTarget>][] {
  return [
    ['PGlite', pgliteTarget],
    ['PostgreSQL', postgresTarget],
  ]
}
