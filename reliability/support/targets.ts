import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

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
