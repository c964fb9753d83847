import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backupName } from '../backups/backup-store.ts'
import { findProjectRoot } from '../project-root.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { writeSiteManifest } from '../testing/site-manifest.ts'
import { DataDirVersionError, PGLITE_POSTGRES_MAJOR } from './data-dir-version.ts'
import { openPglite } from './pglite.ts'

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
const MAIN = join(findProjectRoot(), 'server', 'main.ts')

describe.runIf(DATABASE_TARGET === 'pglite')('a data directory from another PostgreSQL major version', () => {
  let workDir: string
  let dataDir: string

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'data-dir-version-'))
    dataDir = join(workDir, 'data')
    const db = await openPglite(dataDir)
    await db.close()
  }, 60_000)
  afterAll(() => rm(workDir, { recursive: true, force: true }))

  it('is what PGlite writes today, so a PGlite that moves to another major fails here first', async () => {
    expect((await readFile(join(dataDir, 'PG_VERSION'), 'utf8')).trim()).toBe(PGLITE_POSTGRES_MAJOR)
  })

  it('is refused before PGlite opens it, naming both versions, and left as it was', async () => {
    await writeFile(join(dataDir, 'PG_VERSION'), '17\n')
    const before = (await readdir(dataDir)).sort()
    const opening = openPglite(dataDir)
    await expect(opening).rejects.toThrow(DataDirVersionError)
    await expect(opening).rejects.toThrow(/written by PostgreSQL 17 .* runs PostgreSQL 18 and cannot open it/)
    expect((await readdir(dataDir)).sort()).toEqual(before)
  })

  const start = (backupDir: string) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const env = {
        PATH: process.env.PATH ?? '',
        HOME: workDir,
        DATA_DIR: dataDir,
        BACKUP_DIR: backupDir,
        WEB_ROOT: workDir,
        PORT: '0',
      }
      execFile(process.execPath, ['--import', TSX, MAIN], { env, timeout: 60_000 }, (error, _stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr })
      })
    })

  it('stops the server at start with the newest backup to restore and the command that does it', async () => {
    await writeSiteManifest(workDir)
    const backups = join(workDir, 'backups')
    await mkdir(backups)
    const older = backupName(new Date('2026-11-01T03:00:00Z'))
    const newest = backupName(new Date('2026-11-20T03:00:00Z'))
    for (const name of [older, newest]) {
      await writeFile(join(backups, name), 'rows')
      await writeFile(join(backups, `${name}.sha256`), `0  ${name}\n`)
    }
    // Not complete (no checksum beside it), so never offered.
    await writeFile(join(backups, backupName(new Date('2026-11-25T03:00:00Z'))), 'cut short')

    const withBackup = await start(backups)
    expect(withBackup.code).toBe(1)
    expect(withBackup.stderr).toContain('written by PostgreSQL 17')
    expect(withBackup.stderr).toContain(`npm run db:restore -- ${join(backups, newest)}`)
    expect(withBackup.stderr).not.toMatch(/Error:|at .*\.ts:\d+/)

    const withNone = await start(join(workDir, 'no-backups'))
    expect(withNone.code).toBe(1)
    expect(withNone.stderr).toContain('There is no backup in')
    expect(withNone.stderr).toContain('npm run db:backup -- --out FILE')
  }, 120_000)
})
