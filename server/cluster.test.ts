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
import { findProjectRoot } from './project-root.ts'
import { DATABASE_TARGET } from './testing/database-target.ts'
import { writeSiteManifest } from './testing/site-manifest.ts'
import { openTempDatabase, type TempDatabase } from './testing/temp-database.ts'
import { validSubmission } from './testing/valid-submission.ts'

const ROOT = findProjectRoot()

describe.runIf(DATABASE_TARGET === 'postgres')('the built server with WEB_CONCURRENCY=2', () => {
  let temp: TempDatabase
  let workDir: string
  let buildDir: string
  let server: ChildProcess
  let stdout = ''
  const logs = () =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; pid: number; url?: string })
  const waitFor = async <T>(find: () => T | undefined, what: string): Promise<T> => {
    for (const started = Date.now(); Date.now() - started < 30_000; ) {
      const found = find()
      if (found !== undefined) return found
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error(`timed out waiting for ${what}:\n${stdout}`)
  }
  const serving = () => logs().filter((line) => line.msg === 'serving')

  beforeAll(async () => {
    buildDir = join(ROOT, 'dist', `test-cluster-${randomBytes(4).toString('hex')}`)
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
    await promisify(execFile)(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.server.json'), '--outDir', buildDir], { cwd: ROOT })
    temp = await openTempDatabase()
    workDir = await mkdtemp(join(tmpdir(), 'cluster-'))
    const webRoot = join(workDir, 'web')
    await mkdir(webRoot)
    await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>landing</title>')
    await writeSiteManifest(webRoot)
    server = spawn(process.execPath, [join(buildDir, 'server', 'main.js')], {
      cwd: workDir,
      env: { PATH: process.env.PATH ?? '', ...temp.env, PORT: '0', HOST: '127.0.0.1', WEB_ROOT: webRoot, WEB_CONCURRENCY: '2', SUBMIT_RATE_LIMIT: '0' },
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
    await temp.dispose()
    await rm(workDir, { recursive: true, force: true })
    await rm(buildDir, { recursive: true, force: true })
  })

  it('serves from two processes on one port, replaces a worker that dies, and closes on SIGTERM', async () => {
    const [first, second] = serving()
    expect(first?.pid).not.toBe(second?.pid)
    expect(first?.url).toBe(second?.url)
    const url = first?.url ?? ''

    const stored = await fetch(`${url}${CONTACT_SUBMISSIONS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([validSubmission({ instagram: '@clustered' })]),
    })
    expect(stored.status).toBe(201)

    if (!first?.pid) throw new Error('no worker pid in the log')
    process.kill(first.pid, 'SIGKILL')
    await waitFor(() => (serving().length >= 3 ? true : undefined), 'a replacement worker')
    expect((await fetch(`${url}/healthz`)).status).toBe(200)

    const exited = once(server, 'exit')
    server.kill('SIGTERM')
    const [code] = (await exited) as [number | null]
    expect(code).toBe(0)
    expect(logs().at(-1)?.msg).toBe('cluster closed')
    expect(await temp.db.query("SELECT count(*)::int AS n FROM contact_submissions WHERE instagram = '@clustered'")).toEqual([{ n: 1 }])
  })
})
