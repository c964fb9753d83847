import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  STAGING_PREFIX,
  backupName,
  clearUnfinished,
  listBackups,
  pruneBackups,
  type BackupKind,
} from './backup-store.ts'

let dir: string
const complete = async (at: string, kind: BackupKind = 'scheduled') => {
  const name = backupName(new Date(at), kind)
  await writeFile(join(dir, name), 'rows')
  await writeFile(join(dir, `${name}.sha256`), `0  ${name}\n`)
  return name
}

describe('the backups folder', () => {
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'backup-store-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('lists complete backups oldest first, with their times, and never a .partial or one without its checksum', async () => {
    const later = await complete('2026-11-20T03:00:00.250Z')
    const earlier = await complete('2026-11-19T03:00:00Z')
    const orphan = backupName(new Date('2026-11-21T03:00:00Z'))
    await writeFile(join(dir, orphan), 'renamed, checksum not yet written')
    await writeFile(join(dir, `${backupName(new Date('2026-11-22T03:00:00Z'))}.partial`), 'cut short')
    await writeFile(join(dir, 'notes.txt'), 'an operator’s file')

    const listed = await listBackups(dir)
    expect(listed.map((backup) => backup.name)).toEqual([earlier, later])
    expect(listed[1]?.createdAt.toISOString()).toBe('2026-11-20T03:00:00.250Z')
    expect(listed[1]?.bytes).toBe(4)
  })

  it('prunes the oldest beyond the number kept, the checksum with each', async () => {
    const names = [
      await complete('2026-11-01T00:00:00Z'),
      await complete('2026-11-02T00:00:00Z'),
      await complete('2026-11-03T00:00:00Z'),
    ]
    expect(await pruneBackups(dir, 2)).toEqual([names[0]])
    expect((await readdir(dir)).sort()).toEqual([names[1], `${names[1]}.sha256`, names[2], `${names[2]}.sha256`])
    expect(await pruneBackups(dir, 2)).toEqual([])
  })

  it('keeps and prunes each kind apart: a burst of on-demand backups never deletes a scheduled one', async () => {
    const daily = [await complete('2026-11-01T03:00:00Z'), await complete('2026-11-02T03:00:00Z')]
    const asked: string[] = []
    for (let minute = 10; minute < 24; minute += 1) {
      asked.push(await complete(`2026-11-02T09:${minute}:00Z`, 'on-demand'))
      await pruneBackups(dir, 3, 'on-demand')
    }
    expect(asked[0]).toBe('backup-2026-11-02T09-10-00-000Z-on-demand.ndjson.gz')
    const listed = await listBackups(dir)
    expect(listed.map((backup) => [backup.name, backup.kind])).toEqual([
      [daily[0], 'scheduled'],
      [daily[1], 'scheduled'],
      ...asked.slice(-3).map((name) => [name, 'on-demand']),
    ])
    // And the schedule's pruning leaves the on-demand ones.
    expect(await pruneBackups(dir, 1, 'scheduled')).toEqual([daily[0]])
    expect((await listBackups(dir)).map((backup) => backup.name)).toEqual([daily[1], ...asked.slice(-3)])
  })

  it('clears what a backup cut short left, and keeps complete backups and other files', async () => {
    const kept = await complete('2026-11-01T00:00:00Z')
    const orphan = backupName(new Date('2026-11-02T00:00:00Z'))
    await writeFile(join(dir, orphan), 'no checksum')
    await writeFile(join(dir, `${backupName(new Date('2026-11-03T00:00:00Z'))}.partial`), 'cut short')
    await mkdir(join(dir, `${STAGING_PREFIX}${backupName(new Date('2026-11-03T00:00:00Z'))}`, 'base'), {
      recursive: true,
    })
    await writeFile(join(dir, 'notes.txt'), 'an operator’s file')

    await clearUnfinished(dir)
    expect((await readdir(dir)).sort()).toEqual([kept, `${kept}.sha256`, 'notes.txt'])
  })
})
