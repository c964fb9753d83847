import { closeSync, constants, fstatSync, ftruncateSync, openSync, readFileSync, statSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { tryLock, unlock } from 'fs-native-extensions'

export const LOCK_FILE = 'landing.lock'

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError'
}

// Reads a holder's note for the error message; the note only informs a person; the lock never depends on it.
const noteIn = (path: string) => {
  try {
    return readFileSync(path, 'utf8').trim().slice(0, 200)
  } catch {
    return ''
  }
}

// Someone deleting the file between our open and our lock would leave us holding a
// lock on a file nobody else can find, while the next opener creates and locks a new one.
const stillAt = (fd: number, path: string) => {
  try {
    const [held, named] = [fstatSync(fd), statSync(path)]
    return held.ino === named.ino && held.dev === named.dev
  } catch {
    return false
  }
}

/**
 * PGlite does not lock its data directory, and two processes writing one
 * directory corrupt it. This takes an exclusive operating-system lock on
 * `dataDir/landing.lock` and throws DataDirInUseError while anyone else holds
 * it: another process (in any container or PID namespace sharing the volume), or
 * another open in this process. The kernel drops the lock when the holder exits,
 * however it exits, so nothing is ever left to clean up. Resolves to the release.
 *
 * The lock is an open file description lock on Linux (fcntl F_OFD_SETLK, via
 * fs-native-extensions), flock on macOS and LockFileEx on Windows: each belongs
 * to its own open of the file, so closing some other descriptor of the same
 * file, as a refused second opener does, never drops it (docs/decisions/012-data-dir-lock.md).
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, LOCK_FILE)
  for (let attempt = 0; attempt < 3; attempt++) {
    // Read-write: an exclusive fcntl lock needs it. Never truncated before it is ours.
    const fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o600)
    let locked: boolean
    try {
      locked = tryLock(fd)
    } catch (error) {
      closeSync(fd)
      throw new Error(`Could not lock ${path} (does this file system support locks?): ${(error as Error).message}`, {
        cause: error,
      })
    }
    if (!locked) {
      closeSync(fd)
      const note = noteIn(path)
      throw new DataDirInUseError(
        `The embedded database in ${dataDir} is in use: another process, or another open in this one, holds ${path}` +
          `${note === '' ? '' : ` (its holder noted: ${note})`}. ` +
          'Its data directory can be opened by one process at a time: stop the server first, ' +
          'or read applications over HTTP with the service-role key. ' +
          'The lock ends by itself when its holder exits, however it exits; deleting the file does not release it.',
      )
    }
    if (!stillAt(fd, path)) {
      closeSync(fd)
      continue
    }
    ftruncateSync(fd)
    writeSync(fd, `pid ${process.pid} on host ${hostname()} since ${new Date().toISOString()}\n`, 0)

    let released = false
    return async () => {
      if (released) return
      released = true
      try {
        ftruncateSync(fd)
        unlock(fd)
      } finally {
        closeSync(fd)
      }
    }
  }
  throw new DataDirInUseError(`Could not lock ${dataDir}: ${path} keeps being replaced`)
}
