import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { pathToFileURL } from 'node:url'
import { createGzip } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKUP_FORMAT, BACKUP_VERSION, MAX_BACKUP_LINE_BYTES } from '../db-copy/backup-file.ts'
import { findProjectRoot } from '../project-root.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
const script = (name: string) => join(findProjectRoot(), 'server', 'cli', `${name}.ts`)

let workDir: string

/** The command as a child process; `onStdout` sees its output as it comes. */
function start(
  name: string,
  args: string[],
  env: Record<string, string>,
  onStdout: (text: string) => void = () => undefined,
) {
  const child = spawn(process.execPath, ['--import', TSX, script(name), ...args], {
    cwd: workDir,
    env: { PATH: process.env.PATH ?? '', HOME: workDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text
    onStdout(stdout)
  })
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text))
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
    stdout,
    stderr,
  }))
  return { child, exited }
}

/** A gzip'd file of `lines()`'s text, written as it is made. */
async function gzipFile(name: string, lines: () => AsyncGenerator<string>) {
  const path = join(workDir, name)
  await pipeline(lines, createGzip({ level: 1 }), createWriteStream(path))
  return path
}

const header = (table: string) =>
  JSON.stringify({
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    migrations: [],
    tables: [{ name: table, columns: [{ name: 'id', type: 'bigint', generated: false }], key: ['id'], references: [] }],
    sequences: [],
  })

describe.runIf(DATABASE_TARGET === 'pglite')('db:restore and db:copy on a hostile or huge backup file', () => {
  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'db-restore-cli-'))
  })
  afterAll(() => rm(workDir, { recursive: true, force: true }))

  it('refuse a gzip holding one 25 MB line, naming the limit, and write nothing', async () => {
    const file = await gzipFile('one-long-line.ndjson.gz', async function* () {
      yield `${header('contact_submissions')}\n${JSON.stringify(['begin', 'contact_submissions'])}\n{"id":1,"name":"`
      const megabyte = 'x'.repeat(1024 * 1024)
      for (let index = 0; index < 25; index += 1) yield megabyte
      yield '"}\n'
    })
    for (const [name, args, target] of [
      ['db-restore', [file], join(workDir, 'restored')],
      ['db-copy', ['--from', file, '--to', join(workDir, 'copied')], join(workDir, 'copied')],
    ] as const) {
      const { exited } = start(name, [...args], { DATA_DIR: join(workDir, 'restored') })
      const result = await exited
      expect(result.code, name).toBe(1)
      expect(result.stderr, name).toContain(
        `a line is longer than ${MAX_BACKUP_LINE_BYTES} bytes (the longest a backup's line may be)`,
      )
      expect(await readdir(target).catch(() => 'absent'), name).toBe('absent')
      expect((await readdir(workDir)).filter((entry) => entry.includes('incoming'))).toEqual([])
    }
  }, 120_000)

  it('db:restore stops on SIGTERM while it reads a big backup, exits 1, and leaves no data directory', async () => {
    // 30 million short rows: far longer to read than the signal takes to arrive, and (with no
    // closing line) refused as truncated were it read to its end, so only the signal ends it so.
    const file = await gzipFile('big.ndjson.gz', async function* () {
      yield `${header('contact_submissions')}\n${JSON.stringify(['begin', 'contact_submissions'])}\n`
      const block = '{"id":1}\n'.repeat(100_000)
      for (let index = 0; index < 300; index += 1) yield block
    })
    const target = join(workDir, 'interrupted')
    let signalled = false
    const { child, exited } = start('db-restore', [file], { DATA_DIR: target }, (stdout) => {
      // The command says when it starts; from then on a signal stops it.
      if (!signalled && stdout.includes('Restoring the backup')) {
        signalled = true
        child.kill('SIGTERM')
      }
    })
    const result = await exited
    expect(signalled).toBe(true)
    expect(result.signal).toBeNull()
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(
      /^Copy failed: Interrupted while reading the backup; nothing was changed on the target$/m,
    )
    expect(await readdir(target).catch(() => 'absent')).toBe('absent')
    expect((await readdir(workDir)).filter((entry) => entry.includes('incoming'))).toEqual([])
  }, 120_000)
})
