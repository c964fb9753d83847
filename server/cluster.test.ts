// WEB_CONCURRENCY: several server processes on one port, as operators run it on PostgreSQL.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_SUBMISSIONS_PATH } from '../common/contact-submission.ts'
import { validAnswers } from '../common/testing/valid-answers.ts'
import { findProjectRoot } from './project-root.ts'
import { DATABASE_TARGET } from './testing/database-target.ts'
import { writeSiteManifest } from './testing/site-manifest.ts'
import { startSlowApplication } from './testing/slow-request.ts'
import { useTempDatabase } from './testing/use-temp-database.ts'

const ROOT = findProjectRoot()

interface LogLine {
  msg: string
  pid: number
  url?: string
  req?: { method: string }
  /** The primary's: which worker a line is about. */
  worker?: number
  code?: number | null
  signal?: string
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.runIf(DATABASE_TARGET === 'postgres')('the built server with WEB_CONCURRENCY=2', () => {
  const temp = useTempDatabase()
  let workDir: string
  let buildDir: string
  let server: ChildProcess
  let stdout = ''
  const logs = () =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine)
  const waitFor = async <T>(find: () => T | undefined, what: string): Promise<T> => {
    for (const started = Date.now(); Date.now() - started < 30_000;) {
      const found = find()
      if (found !== undefined) return found
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error(`timed out waiting for ${what}:\n${stdout}`)
  }
  const serving = () => logs().filter((line) => line.msg === 'serving')
  // The slow application that arrives next, and the worker that took it.
  const slowApplication = async (instagram: string) => {
    const seen = logs().length
    const slow = await startSlowApplication(serving()[0]?.url ?? '', instagram)
    const arrived = await waitFor(
      () =>
        logs()
          .slice(seen)
          .find((line) => line.msg === 'incoming request' && line.req?.method === 'POST'),
      'the slow application to arrive',
    )
    return { ...slow, worker: arrived.pid }
  }
  const workerClosing = (pid: number) =>
    waitFor(
      () => logs().find((line) => line.pid === pid && line.msg.startsWith('closing')),
      `worker ${pid} to start closing`,
    )

  beforeAll(async () => {
    buildDir = join(ROOT, 'dist', `test-cluster-${randomBytes(4).toString('hex')}`)
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
    await promisify(execFile)(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.server.json'), '--outDir', buildDir], {
      cwd: ROOT,
    })
    workDir = await mkdtemp(join(tmpdir(), 'cluster-'))
    const webRoot = join(workDir, 'web')
    await mkdir(webRoot)
    await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>landing</title>')
    await writeSiteManifest(webRoot)
    server = spawn(process.execPath, [join(buildDir, 'server', 'main.js')], {
      cwd: workDir,
      env: {
        PATH: process.env.PATH ?? '',
        ...temp.env,
        PORT: '0',
        HOST: '127.0.0.1',
        WEB_ROOT: webRoot,
        WEB_CONCURRENCY: '2',
        SUBMIT_RATE_LIMIT: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    server.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    await waitFor(() => (serving().length >= 2 ? true : undefined), 'two workers to listen')
  }, 180_000)

  afterAll(async () => {
    if (server.exitCode === null) {
      server.kill('SIGKILL')
      await once(server, 'exit')
    }
    await rm(workDir, { recursive: true, force: true })
    await rm(buildDir, { recursive: true, force: true })
  })

  it('serves from two processes on one port and replaces a worker that dies', async () => {
    const [first, second] = serving()
    expect(first?.pid).not.toBe(second?.pid)
    expect(first?.url).toBe(second?.url)
    const url = first?.url ?? ''

    const stored = await fetch(`${url}${CONTACT_SUBMISSIONS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([validAnswers({ instagram: '@clustered' })]),
    })
    expect(stored.status).toBe(201)

    if (!first?.pid) throw new Error('no worker pid in the log')
    process.kill(first.pid, 'SIGKILL')
    await waitFor(() => (serving().length >= 3 ? true : undefined), 'a replacement worker')
    expect((await fetch(`${url}/healthz`)).status).toBe(200)
  })

  it('lets a worker told to stop, more than once, finish its request and close cleanly, then replaces it', async () => {
    const slow = await slowApplication('@worker.stopped')
    const started = serving().length
    process.kill(slow.worker, 'SIGTERM')
    await workerClosing(slow.worker)
    process.kill(slow.worker, 'SIGTERM')
    process.kill(slow.worker, 'SIGINT')
    await sleep(1_000)
    expect(isAlive(slow.worker)).toBe(true)

    expect(await slow.finish()).toMatch(/^HTTP\/1\.1 201 /)
    const exit = await waitFor(
      () => logs().find((line) => line.msg === 'worker exited, starting another' && line.worker === slow.worker),
      'the worker to exit',
    )
    expect(exit).toMatchObject({ code: 0, signal: null })
    expect(logs().some((line) => line.pid === slow.worker && line.msg === 'closed')).toBe(true)
    await waitFor(() => (serving().length > started ? true : undefined), 'a replacement worker')
  })

  it('on SIGTERM, repeated to the primary and the workers, finishes requests in flight, starts no worker, and exits 0 once all closed', async () => {
    const slow = await slowApplication('@cluster.stopping')
    // A worker that dies just before the stop: its replacement, due a second later, must never come.
    const other = serving().find((line) => line.pid !== slow.worker && isAlive(line.pid))?.pid
    if (other === undefined) throw new Error(`no second worker:\n${stdout}`)
    process.kill(other, 'SIGKILL')
    await waitFor(
      () => logs().find((line) => line.msg === 'worker exited, starting another' && line.worker === other),
      'the primary to see it die',
    )
    const started = serving().length

    const exited = once(server, 'exit')
    server.kill('SIGTERM')
    await workerClosing(slow.worker)
    // systemd's control group and Ctrl+C on a process group signal the workers too, and may repeat.
    server.kill('SIGTERM')
    server.kill('SIGINT')
    process.kill(slow.worker, 'SIGTERM')
    process.kill(slow.worker, 'SIGINT')
    // Past the restart delay, so a replacement would have started by now.
    await sleep(1_500)
    expect(server.exitCode).toBeNull()
    expect(isAlive(slow.worker)).toBe(true)

    expect(await slow.finish()).toMatch(/^HTTP\/1\.1 201 /)
    const [code] = (await exited) as [number | null]
    expect(code).toBe(0)
    expect(serving().length).toBe(started)
    expect(logs().some((line) => line.pid === slow.worker && line.msg === 'closed')).toBe(true)
    expect(logs().at(-1)?.msg).toBe('cluster closed')
    const stored = await temp.db.query<{ instagram: string }>(
      "SELECT instagram FROM contact_submissions WHERE instagram IN ('@clustered', '@worker.stopped', '@cluster.stopping') ORDER BY id",
    )
    expect(stored.map((row) => row.instagram)).toEqual(['@clustered', '@worker.stopped', '@cluster.stopping'])
  })
})
