// The built server as operators run it: `node dist/server/server/main.js`.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_FIELDS } from '../common/application-form.ts'
import { CONTACT_SUBMISSIONS_PATH } from '../common/contact-submission.ts'
import { findProjectRoot } from './project-root.ts'
import { DATABASE_TARGET } from './testing/database-target.ts'
import { writeSiteManifest } from './testing/site-manifest.ts'
import { startSlowApplication } from './testing/slow-request.ts'
import { useTempDatabase } from './testing/use-temp-database.ts'

const ROOT = findProjectRoot()
const SERVICE_ROLE_KEY = 'service-role-key-for-tests-0123456789'

interface LogLine {
  level: number
  msg: string
  reqId?: string
  req?: { method: string; url: string }
  res?: { statusCode: number }
  url?: string
  [key: string]: unknown
}

const temp = useTempDatabase()
let workDir: string
let buildDir: string
let server: ChildProcess
let baseUrl: string
// PGlite's directory is the server's while it runs; the test opens it before and after.
let testHoldsPglite = true
let stdout = ''
let stderr = ''
const logs = () =>
  stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as LogLine)

const waitFor = async <T>(find: () => T | undefined, what: string, timeoutMs = 30_000): Promise<T> => {
  for (const started = Date.now(); ;) {
    const found = find()
    if (found !== undefined) return found
    if (server.exitCode !== null)
      throw new Error(`the server exited (${server.exitCode}) before ${what}:\n${stdout}\n${stderr}`)
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}:\n${stdout}\n${stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

beforeAll(async () => {
  // A build of its own, so two test projects (or someone's `npm run build`) never
  // write the files this server is loading.
  buildDir = join(ROOT, 'dist', `test-server-${randomBytes(4).toString('hex')}`)
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
  await promisify(execFile)(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.server.json'), '--outDir', buildDir], {
    cwd: ROOT,
  })

  // The embedded database admits one process at a time: the server's.
  if (temp.target === 'pglite') {
    await temp.db.close()
    testHoldsPglite = false
  }

  workDir = await mkdtemp(join(tmpdir(), 'served-'))
  const webRoot = join(workDir, 'web')
  await mkdir(webRoot)
  await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>landing</title>')
  await writeFile(join(webRoot, '404.html'), '<!doctype html><title>not found</title>')
  await writeSiteManifest(webRoot)

  server = spawn(process.execPath, [join(buildDir, 'server', 'main.js')], {
    // Not the project folder, so a developer's .env does not apply.
    cwd: workDir,
    env: {
      PATH: process.env.PATH ?? '',
      ...temp.env,
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_ROOT: webRoot,
      LOG_LEVEL: 'info',
      SERVICE_ROLE_KEY,
      SUBMIT_RATE_LIMIT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  server.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  baseUrl = await waitFor(() => logs().find((line) => line.msg === 'serving')?.url, 'the server to listen')
}, 180_000)

afterAll(async () => {
  if (server.exitCode === null) {
    server.kill('SIGKILL')
    await once(server, 'exit')
  }
  if (!testHoldsPglite) await temp.reopen()
  await rm(workDir, { recursive: true, force: true })
  await rm(buildDir, { recursive: true, force: true })
})

describe(`the built server on ${DATABASE_TARGET}`, () => {
  it('logs JSON lines with request ids, and never an answer', async () => {
    // Every answer distinct and findable, so any leak into the log shows.
    const marker = () => `secret-${randomBytes(6).toString('hex')}`
    const answers = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, marker()]))
    const post = (body: unknown) =>
      fetch(`${baseUrl}${CONTACT_SUBMISSIONS_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: 'anon', authorization: 'Bearer anon' },
        body: JSON.stringify(body),
      })

    expect((await post([answers])).status).toBe(201)
    const tooLong = marker()
    const overLimits = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, tooLong.repeat(300)]))
    expect((await post([{ ...answers, ...overLimits }])).status).toBe(400)
    const unknown = marker()
    expect((await post([{ ...answers, password: unknown }])).status).toBe(400)
    const read = await fetch(`${baseUrl}${CONTACT_SUBMISSIONS_PATH}?select=id&email=eq.${answers.email}`, {
      headers: { apikey: SERVICE_ROLE_KEY },
    })
    expect(read.status).toBe(200)
    expect(await read.json()).toHaveLength(1)

    const completed = await waitFor(() => {
      const done = logs().filter((line) => line.msg === 'request completed')
      return done.length >= 4 ? done : undefined
    }, 'the requests to be logged')
    const created = completed.find((line) => line.res?.statusCode === 201)
    expect(created?.reqId).toMatch(/\S/)
    const incoming = logs().find((line) => line.msg === 'incoming request' && line.reqId === created?.reqId)
    expect(incoming?.req).toMatchObject({ method: 'POST', url: expect.stringContaining(CONTACT_SUBMISSIONS_PATH) })
    expect(new Set(completed.map((line) => line.reqId)).size).toBe(completed.length)
    // The read's filter value is an answer too: only the parameter names stay.
    expect(logs().some((line) => line.req?.url === `${CONTACT_SUBMISSIONS_PATH}?select&email`)).toBe(true)

    for (const value of [...Object.values(answers), tooLong, unknown]) {
      expect(stdout).not.toContain(value)
      expect(stderr).not.toContain(value)
    }
    expect(stdout).not.toContain(SERVICE_ROLE_KEY)
  })

  it('finishes a request in progress after SIGTERM, whatever stop signals follow, closes the database and exits 0', async () => {
    const seen = logs().length
    const slow = await startSlowApplication(baseUrl, '@slow.sender')
    await waitFor(
      () =>
        logs()
          .slice(seen)
          .find((line) => line.msg === 'incoming request' && line.req?.method === 'POST'),
      'the slow request to arrive',
    )

    const exited = once(server, 'exit')
    server.kill('SIGTERM')
    await waitFor(() => logs().find((line) => line.msg.startsWith('closing')), 'the server to start closing')
    // One stop often comes as several signals: systemd's control group, Ctrl+C on a process group, npm passing it on.
    server.kill('SIGTERM')
    server.kill('SIGINT')
    const repeats = () => logs().filter((line) => line.msg === 'already closing; the signal changes nothing')
    await waitFor(() => (repeats().length === 2 ? true : undefined), 'the repeated signals to be noted')
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(server.exitCode).toBeNull()
    // New visitors are turned away while the last request finishes.
    const late = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
      (answer) => answer.status,
      () => 'refused',
    )
    expect(['refused', 503]).toContain(late)

    const response = await slow.finish()
    const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null]
    expect(response).toMatch(/^HTTP\/1\.1 201 /)
    expect({ code, signal }).toEqual({ code: 0, signal: null })
    expect(
      repeats()
        .map((line) => line.signal)
        .sort(),
    ).toEqual(['SIGINT', 'SIGTERM'])
    expect(logs().at(-1)?.msg).toBe('closed')

    if (temp.target === 'pglite') {
      // Reopening needs the data directory's lock: the server must have let it go.
      await temp.reopen()
      testHoldsPglite = true
    }
    expect(
      await temp.db.query("SELECT count(*)::int AS n FROM contact_submissions WHERE instagram = '@slow.sender'"),
    ).toEqual([{ n: 1 }])
  })
})
