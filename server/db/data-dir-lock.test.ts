// Real processes contend for one data directory, as servers, exports and containers sharing a volume do.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { findProjectRoot } from '../project-root.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts'

const CONTENDER = join(findProjectRoot(), 'server', 'testing', 'lock-contender.ts')
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
// A PID namespace of its own is what a container has; creating one needs root (or user namespaces).
const canUnshare = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0

type Outcome = 'ready' | 'locked' | 'in-use' | 'released' | 'error'
interface Contender {
  child: ChildProcess
  send(command: 'lock' | 'release'): void
  next(): Promise<Outcome>
}

let dir: string
const started: ChildProcess[] = []
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lock-'))
})
afterEach(async () => {
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL')
      await once(child, 'exit')
    }
  }
  await rm(dir, { recursive: true, force: true })
})

async function contender({ ownPidNamespace = false } = {}): Promise<Contender> {
  const node = [process.execPath, '--import', TSX, CONTENDER, dir]
  const [command = '', ...args] = ownPidNamespace
    ? ['unshare', '--pid', '--fork', '--mount-proc', '--kill-child', ...node]
    : node
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] })
  started.push(child)
  const outcomes: Outcome[] = []
  const waiting: { resolve: (outcome: Outcome) => void; reject: (error: Error) => void }[] = []
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const { outcome } = JSON.parse(line) as { outcome: Outcome }
    const waiter = waiting.shift()
    if (waiter) waiter.resolve(outcome)
    else outcomes.push(outcome)
  })
  child.on('exit', (code, signal) => {
    for (const waiter of waiting.splice(0))
      waiter.reject(new Error(`the contender exited (${code ?? signal}) before answering`))
  })
  const self: Contender = {
    child,
    send: (command) => child.stdin!.write(`${command}\n`),
    next: () => {
      const outcome = outcomes.shift()
      if (outcome !== undefined) return Promise.resolve(outcome)
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }))
    },
  }
  expect(await self.next()).toBe('ready')
  return self
}

const attempt = async (who: Contender) => {
  who.send('lock')
  return who.next()
}

describe.runIf(DATABASE_TARGET === 'pglite')('lockDataDir', () => {
  it('refuses every other opener while held, ends with its release, and leaves nothing to clean up', async () => {
    const release = await lockDataDir(dir)
    const other = await contender()
    expect(await attempt(other)).toBe('in-use')
    await release()
    expect(await attempt(other)).toBe('locked')
    const refusal = lockDataDir(dir)
    await expect(refusal).rejects.toBeInstanceOf(DataDirInUseError)
    await expect(refusal).rejects.toThrow(/stop the server first/)
    // Advice to delete the file would be wrong now: the kernel ends the lock with its holder.
    await expect(refusal).rejects.not.toThrow(/\bdelete\b/)
  })

  it('refuses a second open in the same process, also through another path to the directory, without freeing the first', async () => {
    // A symlinked mount path names the same directory; the old pid file told opens apart by path.
    const link = `${dir}-link`
    await symlink(dir, link)
    try {
      const release = await lockDataDir(dir)
      await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirInUseError)
      await expect(lockDataDir(link)).rejects.toBeInstanceOf(DataDirInUseError)
      // The refused opens closed their own descriptors of the file; the first lock must survive that.
      expect(await attempt(await contender())).toBe('in-use')
      await release()
      await (
        await lockDataDir(link)
      )()
    } finally {
      await rm(link, { force: true })
    }
  })

  it('lets exactly one of several processes that try at the same moment have it', async () => {
    const contenders = await Promise.all([1, 2, 3, 4].map(() => contender()))
    for (let round = 0; round < 15; round++) {
      for (const each of contenders) each.send('lock')
      const outcomes = await Promise.all(contenders.map((each) => each.next()))
      expect(
        outcomes.filter((outcome) => outcome === 'locked'),
        `round ${round}: ${outcomes.join(', ')}`,
      ).toHaveLength(1)
      expect(outcomes.filter((outcome) => outcome === 'in-use')).toHaveLength(contenders.length - 1)
      const winner = contenders[outcomes.indexOf('locked')]!
      winner.send('release')
      expect(await winner.next()).toBe('released')
    }
  })

  it('is free the moment its holder is killed with SIGKILL', async () => {
    const holder = await contender()
    expect(await attempt(holder)).toBe('locked')
    holder.child.kill('SIGKILL')
    await once(holder.child, 'exit')
    await (
      await lockDataDir(dir)
    )()
  })

  it('ignores whatever a leftover lock file says', async () => {
    for (const leftover of [`${process.pid}\n`, 'garbage']) {
      await writeFile(join(dir, LOCK_FILE), leftover)
      const release = await lockDataDir(dir)
      // Taken for real, and the file now tells the truth about its holder.
      expect(await attempt(await contender())).toBe('in-use')
      expect(await readFile(join(dir, LOCK_FILE), 'utf8')).toMatch(new RegExp(`^pid ${process.pid} on host `))
      await release()
    }
  })
})

// Containers sharing a volume: each has its own PID namespace, where the server is often pid 1.
describe.runIf(DATABASE_TARGET === 'pglite' && canUnshare)('lockDataDir across PID namespaces', () => {
  it('refuses a process in another namespace while held, whatever pid the lock file names', async () => {
    const holder = await contender({ ownPidNamespace: true })
    expect(await attempt(holder)).toBe('locked')
    // Written from inside the holder's namespace: its own pid, which is also the next container's.
    expect(await readFile(join(dir, LOCK_FILE), 'utf8')).toMatch(/^\D*1\b/)
    const neighbour = await contender({ ownPidNamespace: true })
    expect(await attempt(neighbour)).toBe('in-use')
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirInUseError)

    await writeFile(join(dir, LOCK_FILE), '999999\n')
    expect(await attempt(neighbour)).toBe('in-use')
    expect(await attempt(await contender())).toBe('in-use')
  })

  it('is free the moment a holder in another namespace is killed with SIGKILL', async () => {
    const holder = await contender({ ownPidNamespace: true })
    expect(await attempt(holder)).toBe('locked')
    const unsharePid = holder.child.pid!
    // The server itself, not unshare: its pid as seen from here.
    const serverPid = Number((await readFile(`/proc/${unsharePid}/task/${unsharePid}/children`, 'utf8')).trim())
    expect(serverPid).toBeGreaterThan(1)
    const exited = once(holder.child, 'exit')
    process.kill(serverPid, 'SIGKILL')
    await exited
    await (
      await lockDataDir(dir)
    )()
  })
})
