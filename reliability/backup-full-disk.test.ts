// A backup that fails for want of disk: the server runs in a mount namespace
// of its own (unshare -m) whose BACKUP_DIR is a 2 MB tmpfs, smaller than the
// snapshot a backup first copies. The failure is logged as an error, leaves no
// file behind, and changes nothing else: submissions go on being stored.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, stopServer, type ServerProcess } from './support/server-process.ts'
import { makeApplication, readAllRows, submit, type Application } from './support/submissions.ts'
import { pgliteTarget, type StorageTarget } from './support/targets.ts'

interface LogLine {
  level: number
  msg: string
  err?: { message?: string }
}
const logLines = (server: ServerProcess): LogLine[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)

describe('a backup on a full disk', () => {
  let target: StorageTarget
  let backupDir: string
  let server: ServerProcess

  beforeAll(async () => {
    target = await pgliteTarget()
    backupDir = await mkdtemp(join(tmpdir(), 'reliability-full-backups-'))
    const mountTiny = 'mount -t tmpfs -o size=2m tmpfs "$0" && exec "$@"'
    server = await startServer(
      { ...target.env, BACKUP_DIR: backupDir, BACKUP_INTERVAL_HOURS: '24', LOG_LEVEL: 'info' },
      {
        wrap: ['unshare', '--mount', '--propagation', 'private', 'sh', '-c', mountTiny, backupDir],
        captureOutput: true,
      },
    )
  }, 180_000)
  afterAll(async () => {
    if (server) await stopServer(server)
    await target.dispose()
    await rm(backupDir, { recursive: true, force: true })
  })

  it('is logged as an error, leaves nothing in BACKUP_DIR, and every application sent meanwhile is stored', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 4 })
    const sent: Application[] = []
    let failed: LogLine | undefined
    // At 20 applications a second, until the start-up backup (5 s after start) has failed, for at most 60 s.
    for (let n = 0; n < 1_200 && failed === undefined; n += 1) {
      const application = makeApplication(n)
      const answer = await submit(server.url, application, agent)
      expect(answer.status).toBe(201)
      sent.push(application)
      failed = logLines(server).find((line) => line.msg.startsWith('backup failed'))
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    agent.destroy()
    expect(failed?.level).toBe(50)
    expect(failed?.err?.message).toMatch(/ENOSPC|no space left/i)

    // The server's own view of BACKUP_DIR (its mount namespace) holds no backup, no .partial, no snapshot.
    expect(await readdir(`/proc/${server.child.pid}/root${backupDir}`)).toEqual([])
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    const stored = new Set((await readAllRows(server.url)).map((row) => row.submission_id))
    expect(sent.filter((application) => !stored.has(application.submission_id))).toEqual([])
    expect(logLines(server).filter((line) => line.level >= 50)).toHaveLength(1)
  }, 120_000)
})
