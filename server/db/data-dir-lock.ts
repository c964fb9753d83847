import { open, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'

export const LOCK_FILE = 'landing.lock'

// Locks this process holds, so a pid that matches our own is told apart from a
// stale file left by an earlier process that had the same pid (common in containers).
const held = new Set<string>()

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError'
}

function isRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite does not lock its data directory, and two processes writing one
 * directory corrupt it. This claims `dataDir` for this process with a pid file
 * and throws DataDirInUseError while a live process holds it; a file left by a
 * process that died (kill -9, a crash) is taken over. Resolves to the release.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, LOCK_FILE)
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const file = await open(path, 'wx', 0o644)
      try {
        await file.writeFile(`${process.pid}\n`)
      } finally {
        await file.close()
      }
      held.add(path)
      return async () => {
        held.delete(path)
        await rm(path, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const pid = Number((await readFile(path, 'utf8').catch(() => '')).trim())
    const ours = pid === process.pid
    if ((ours && held.has(path)) || (!ours && isRunning(pid))) {
      throw new DataDirInUseError(
        `The embedded database in ${dataDir} is in use by process ${pid}${ours ? ' (this one)' : ''}. ` +
          'Its data directory can be opened by one process at a time: stop the server first, ' +
          'or read applications over HTTP with the service-role key. ' +
          `If no such process is running, delete ${path}.`,
      )
    }
    await rm(path, { force: true })
  }
  throw new DataDirInUseError(`Could not lock ${dataDir}: ${path} keeps reappearing`)
}
