// The Content-Security-Policy comes from what the build baked into the page
// (dist/web/site-manifest.json), never from the server's own reading of .env files.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SITE_MANIFEST_FILE } from '../../common/site-manifest.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { findProjectRoot } from '../project-root.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { writeSiteManifest } from '../testing/site-manifest.ts'
import { failingDatabase, openTempDatabase } from '../testing/temp-database.ts'
import { readSiteManifest } from './site-manifest.ts'

const ROOT = findProjectRoot()
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx')

let workDir: string
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'site-manifest-'))
})
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true })
})

/** A folder holding `files` (name → content). */
async function folder(name: string, files: Record<string, string>) {
  const dir = join(workDir, name)
  await mkdir(dir, { recursive: true })
  for (const [file, content] of Object.entries(files)) await writeFile(join(dir, file), content)
  return dir
}

const cspDirective = (header: unknown, name: string) =>
  String(header)
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([directive]) => directive === name)
    ?.slice(1)

/** Runs the server's entry point from source in `cwd` until it logs `serving` or exits. */
function startServer(cwd: string, env: Record<string, string>) {
  const child = spawn(TSX, [join(ROOT, 'server', 'main.ts')], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = once(child, 'exit').then(([code]) => ({ code: code as number | null, stderr }))
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const serving = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg: string; url?: string })
        .find((line) => line.msg === 'serving')
      if (serving?.url) resolve(serving.url)
    })
    void exited.then(({ code }) =>
      reject(new Error(`the server exited (${code}) before listening:\n${stdout}\n${stderr}`)),
    )
  })
  return { child, exited, listening }
}

describe('readSiteManifest', () => {
  it('reads the origins the build wrote', async () => {
    const booking = { url: 'https://cal.com/agency/strategy', provider: 'calcom' }
    const built = { apiOrigin: 'https://abc.supabase.co', videoOrigin: 'https://player.vimeo.com', booking }
    const webRoot = await folder('valid', { [SITE_MANIFEST_FILE]: JSON.stringify(built) })
    expect(readSiteManifest(webRoot)).toEqual(built)
    const own = {
      apiOrigin: null,
      videoOrigin: 'https://www.youtube-nocookie.com',
      booking: { ...booking, provider: 'none' },
    }
    await writeFile(join(webRoot, SITE_MANIFEST_FILE), JSON.stringify(own))
    expect(readSiteManifest(webRoot)).toEqual(own)
  })

  it('names the missing file and says to run the build', async () => {
    const webRoot = await folder('unbuilt', { 'index.html': '<!doctype html>' })
    const file = join(webRoot, SITE_MANIFEST_FILE)
    expect(() => readSiteManifest(webRoot)).toThrow(
      `${file} is missing. The build writes it with the page: run npm run build`,
    )
  })

  it.each([
    ['not JSON', '{"apiOrigin":', 'is not valid JSON. Run npm run build again.'],
    ['an array', '[]', 'is not a site manifest this server understands'],
    ['without the video origin', JSON.stringify({ apiOrigin: null }), 'videoOrigin:'],
    [
      'a URL with a path instead of an origin',
      JSON.stringify({ apiOrigin: 'https://abc.supabase.co/rest', videoOrigin: 'https://player.vimeo.com' }),
      'apiOrigin: must be an origin',
    ],
    [
      'a script URL',
      JSON.stringify({ apiOrigin: null, videoOrigin: 'javascript:alert(1)' }),
      'videoOrigin: must be an http(s) origin',
    ],
    [
      'a CSP keyword smuggled in',
      JSON.stringify({ apiOrigin: "https://a.example 'unsafe-eval'", videoOrigin: 'https://b.example' }),
      'apiOrigin:',
    ],
    [
      'a key it does not know',
      JSON.stringify({ apiOrigin: null, videoOrigin: 'https://b.example', scriptOrigin: 'https://c.example' }),
      'scriptOrigin',
    ],
    ['without the booking page', JSON.stringify({ apiOrigin: null, videoOrigin: 'https://b.example' }), 'booking:'],
    [
      'a booking provider it does not know',
      JSON.stringify({
        apiOrigin: null,
        videoOrigin: 'https://b.example',
        booking: { url: 'https://c.example/x', provider: 'acuity' },
      }),
      'booking.provider:',
    ],
  ])('refuses a manifest that is %s, naming the file', async (_case, content, message) => {
    const webRoot = await folder(`bad-${Math.random().toString(36).slice(2)}`, { [SITE_MANIFEST_FILE]: content })
    expect(() => readSiteManifest(webRoot)).toThrow(join(webRoot, SITE_MANIFEST_FILE))
    expect(() => readSiteManifest(webRoot)).toThrow(message)
  })

  it('is not served: it is the server’s reading, not part of the page', async () => {
    const webRoot = await folder('served', { 'index.html': '<!doctype html><title>landing</title>' })
    await writeSiteManifest(webRoot)
    const app = buildApp({
      config: parseConfig({ WEB_ROOT: webRoot }),
      db: failingDatabase(() => new Error('unused')),
      site: readSiteManifest(webRoot),
    })
    try {
      expect((await app.inject('/')).statusCode).toBe(200)
      expect((await app.inject(`/${SITE_MANIFEST_FILE}`)).statusCode).toBe(404)
    } finally {
      await app.close()
    }
  })
})

// Both start real processes and do not depend on the database: run once.
describe.runIf(DATABASE_TARGET === 'pglite')('the server’s Content-Security-Policy', () => {
  it('refuses to start without the manifest, naming the file and the build', async () => {
    const webRoot = await folder('no-manifest', { 'index.html': '<!doctype html><title>landing</title>' })
    const server = startServer(workDir, { WEB_ROOT: webRoot, DATA_DIR: join(workDir, 'never-opened') })
    const listened = await server.listening.then(
      () => true,
      () => false,
    )
    if (listened) server.child.kill('SIGKILL')
    const { code, stderr } = await server.exited
    expect(listened).toBe(false)
    expect(code).toBe(1)
    expect(stderr).toContain(join(webRoot, SITE_MANIFEST_FILE))
    expect(stderr).toContain('run npm run build')
  })

  it('allows the API origin that a build took from .env.production, whatever the server’s own .env says', async () => {
    // The build's environment: only .env.production sets the API; the test's own variables must not leak in.
    const envDir = await folder('build-env', {
      '.env.production': 'VITE_API_URL=https://api.from-env-production.example/\n',
    })
    const webRoot = join(workDir, 'built-web')
    const inherited = process.env.VITE_API_URL
    delete process.env.VITE_API_URL
    try {
      await build({
        configFile: join(ROOT, 'vite.config.ts'),
        root: ROOT,
        envDir,
        logLevel: 'warn',
        build: { outDir: webRoot, emptyOutDir: true },
      })
    } finally {
      if (inherited !== undefined) process.env.VITE_API_URL = inherited
    }

    // The server's working folder has a .env of its own with another API: it must not count.
    const serverDir = await folder('server-cwd', { '.env': 'VITE_API_URL=https://api.from-server-env.example\n' })
    const temp = await openTempDatabase()
    await temp.db.close()
    const server = startServer(serverDir, { ...temp.env, WEB_ROOT: webRoot, SUBMIT_RATE_LIMIT: '0' })
    try {
      const url = await server.listening
      const page = await fetch(url)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('<div id="root">')
      const csp = page.headers.get('content-security-policy')
      expect(cspDirective(csp, 'connect-src')).toEqual(["'self'", 'https://api.from-env-production.example'])
      expect(cspDirective(csp, 'frame-src')).toEqual(['https://www.youtube-nocookie.com'])
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
      await temp.reopen()
      await temp.dispose()
    }
  }, 180_000)
})
