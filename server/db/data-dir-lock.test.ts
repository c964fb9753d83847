import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lock-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const otherProcess = () => spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' })

describe('lockDataDir', () => {
  it('writes this process’s pid, refuses a second claim, and frees the directory on release', async () => {
    const release = await lockDataDir(dir)
    expect(await readFile(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`)
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirInUseError)
    await release()
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
    await (await lockDataDir(dir))()
  })

  it('refuses while another live process holds it, naming that process', async () => {
    const holder = otherProcess()
    try {
      await writeFile(join(dir, LOCK_FILE), `${holder.pid}\n`)
      await expect(lockDataDir(dir)).rejects.toThrow(new RegExp(`in use by process ${holder.pid}\\b.*stop the server first`))
    } finally {
      holder.kill()
    }
  })

  it('takes over a lock left by a process that died', async () => {
    const dead = otherProcess()
    const pid = dead.pid
    dead.kill('SIGKILL')
    await once(dead, 'exit')
    await writeFile(join(dir, LOCK_FILE), `${pid}\n`)
    const release = await lockDataDir(dir)
    expect(await readFile(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`)
    await release()
  })

  it('takes over a lock bearing this pid that this process does not hold (a restarted container)', async () => {
    await writeFile(join(dir, LOCK_FILE), `${process.pid}\n`)
    await (await lockDataDir(dir))()
  })

  it('takes over an unreadable lock file', async () => {
    await writeFile(join(dir, LOCK_FILE), 'garbage')
    await (await lockDataDir(dir))()
  })
})
