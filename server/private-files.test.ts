// The files the server and the commands write are their user's alone, whatever
// the umask they are started with: the data directory 0700 and everything
// PGlite writes in it without group or other bits, backups 0600.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findProjectRoot } from './project-root.ts'
import { DATABASE_TARGET } from './testing/database-target.ts'
import { writeSiteManifest } from './testing/site-manifest.ts'
import { openTempDatabase, type TempDatabase } from './testing/temp-database.ts'

const ROOT = findProjectRoot()
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
// The shell's usual umask: group and others may read what the process does not guard itself.
const LOOSE_UMASK = '022'

let workDir: string

/** `node FILE ARGS` with umask 022, as a login shell would start it. */
function start(file: string, args: string[], env: Record<string, string>) {
  const child = spawn(
    'sh',
    ['-c', `umask ${LOOSE_UMASK}; exec "$0" "$@"`, process.execPath, '--import', TSX, file, ...args],
    {
      cwd: workDir,
      env: { PATH: process.env.PATH ?? '', HOME: workDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text))
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text))
  const exited = once(child, 'exit').then(([code]) => ({ code: code as number | null, stdout, stderr }))
  return { child, exited, output: () => stdout + stderr }
}

/** Every path under `dir` (itself included) whose mode gives group or others any access, with that mode. */
async function openToOthers(dir: string): Promise<string[]> {
  const found: string[] = []
  const walk = async (path: string) => {
    const { mode } = await stat(path)
    if ((mode & 0o077) !== 0) found.push(`${path} ${(mode & 0o777).toString(8)}`)
    for (const entry of await readdir(path, { withFileTypes: true }).catch(() => [])) {
      if (entry.isDirectory() || entry.isFile()) await walk(join(path, entry.name))
    }
  }
  await walk(dir)
  return found
}

const modeOf = async (path: string) => ((await stat(path)).mode & 0o777).toString(8)
const cli = (name: string) => join(ROOT, 'server', 'cli', `${name}.ts`)

describe.runIf(DATABASE_TARGET === 'pglite')(
  'the files the server and the commands write, started with umask 022',
  () => {
    let source: TempDatabase

    beforeAll(async () => {
      workDir = await mkdtemp(join(tmpdir(), 'private-files-'))
      source = await openTempDatabase()
      await source.db.close()
    }, 120_000)
    afterAll(async () => {
      await source?.reopen()
      await source?.dispose()
      await rm(workDir, { recursive: true, force: true })
    })

    it('db:backup writes a 0600 file and .sha256; db:restore makes a 0700 data directory with nothing in it open to others', async () => {
      const file = join(workDir, 'by-hand.ndjson.gz')
      const backup = await start(cli('db-backup'), ['--out', file], { DATA_DIR: source.settings.dataDir }).exited
      expect(backup.stderr).toBe('')
      expect(backup.code).toBe(0)
      expect(await modeOf(file)).toBe('600')
      expect(await modeOf(`${file}.sha256`)).toBe('600')

      const restored = join(workDir, 'restored')
      const restore = await start(cli('db-restore'), [file], { DATA_DIR: restored }).exited
      expect(restore.stderr).toBe('')
      expect(restore.code).toBe(0)
      expect(await modeOf(restored)).toBe('700')
      expect(await modeOf(join(restored, 'global', 'pg_control'))).toBe('600')
      expect(await modeOf(join(restored, 'postgresql.conf'))).toBe('600')
      expect(await openToOthers(restored)).toEqual([])
    }, 180_000)

    it('the server makes DATA_DIR 0700, PGlite’s files in it private, and its backups 0600 in a 0700 BACKUP_DIR', async () => {
      const dataDir = join(workDir, 'served', 'data')
      const backupDir = join(workDir, 'served', 'backups')
      const webRoot = join(workDir, 'web')
      await mkdir(webRoot, { recursive: true })
      await writeSiteManifest(webRoot)
      const server = start(join(ROOT, 'server', 'main.ts'), [], {
        DATA_DIR: dataDir,
        BACKUP_DIR: backupDir,
        BACKUP_INTERVAL_HOURS: '1',
        PORT: '0',
        HOST: '127.0.0.1',
        WEB_ROOT: webRoot,
        LOG_LEVEL: 'info',
      })
      try {
        // A new data directory, then its first backup a few seconds after start.
        for (const started = Date.now(); !server.output().includes('backup complete');) {
          if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`)
          if (Date.now() - started > 150_000) throw new Error(`no backup within 150 s: ${server.output()}`)
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
        expect(await modeOf(dataDir)).toBe('700')
        expect(await modeOf(join(dataDir, 'global', 'pg_control'))).toBe('600')
        expect(await modeOf(join(dataDir, 'postgresql.conf'))).toBe('600')
        expect(await openToOthers(dataDir)).toEqual([])
        expect(await modeOf(backupDir)).toBe('700')
        const files = await readdir(backupDir)
        expect(files.filter((name) => name.endsWith('.ndjson.gz'))).toHaveLength(1)
        expect(await openToOthers(backupDir)).toEqual([])
      } finally {
        server.child.kill('SIGTERM')
        await server.exited
      }
    }, 240_000)
  },
)
