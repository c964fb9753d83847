import { afterAll, beforeAll } from 'vitest'
import { startServer, stopServer, type ServerProcess } from './server-process.ts'
import type { StorageTarget } from './targets.ts'

/**
 * Opens the storage and starts the built server on it before the suite's
 * tests, and stops both after them. Read `target` and `server` inside tests.
 */
export function serverForSuite<Target extends StorageTarget>(openTarget: () => Promise<Target>) {
  const suite = {} as { target: Target; server: ServerProcess }
  beforeAll(async () => {
    suite.target = await openTarget()
    suite.server = await startServer(suite.target.env)
  })
  afterAll(async () => {
    if (suite.server) await stopServer(suite.server)
    await suite.target?.dispose()
  })
  return suite
}
