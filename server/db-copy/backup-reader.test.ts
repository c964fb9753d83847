import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKUP_FORMAT, BackupFileError, MAX_BACKUP_LINE_BYTES } from './backup-file.ts'
import { openBackupFile, readLines } from './backup-reader.ts'
import { CopyError } from './copy-database.ts'

const PIECE = 64 * 1024

/** `count` pieces of `fill`, counting how many bytes the reader pulled. */
function counted(count: number, fill: string) {
  const pulled = { bytes: 0 }
  async function* pieces() {
    for (let index = 0; index < count; index += 1) {
      pulled.bytes += PIECE
      yield Buffer.alloc(PIECE, fill)
    }
  }
  return { pulled, pieces: pieces() }
}

const drain = async (lines: AsyncIterable<string>) => {
  let count = 0
  for await (const _line of lines) {
    void _line
    count += 1
  }
  return count
}

describe('the reading of a backup’s lines', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'backup-reader-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('refuses a 25 MB line once it passes the limit, having read no more than the limit and one piece', async () => {
    const { pulled, pieces } = counted((25 * 1024 * 1024) / PIECE, 'x')
    await expect(drain(readLines(pieces, 'long.ndjson.gz'))).rejects.toThrow(
      new BackupFileError(
        `long.ndjson.gz is damaged: a line is longer than ${MAX_BACKUP_LINE_BYTES} bytes (the longest a backup's line may be)`,
      ),
    )
    expect(pulled.bytes).toBeLessThanOrEqual(MAX_BACKUP_LINE_BYTES + PIECE)
    expect(pulled.bytes).toBeGreaterThan(MAX_BACKUP_LINE_BYTES)
  })

  it('takes a line of exactly the limit, split across pieces, and the lines around it', async () => {
    const long = 'y'.repeat(MAX_BACKUP_LINE_BYTES)
    const text = Buffer.from(`first\n${long}\nlast`)
    async function* pieces() {
      for (let at = 0; at < text.length; at += 1000) yield text.subarray(at, at + 1000)
    }
    const lines: string[] = []
    for await (const line of readLines(pieces(), 'exact')) lines.push(line)
    expect(lines.map((line) => line.length)).toEqual([5, MAX_BACKUP_LINE_BYTES, 4])
    expect(lines[1]).toBe(long)
  })

  it('keeps a character whose bytes are split between two pieces', async () => {
    const bytes = Buffer.from('Zoë 🎉\nnext\n')
    async function* pieces() {
      for (const byte of bytes) yield Buffer.from([byte])
    }
    const lines: string[] = []
    for await (const line of readLines(pieces(), 'split')) lines.push(line)
    expect(lines).toEqual(['Zoë 🎉', 'next'])
  })

  it('stops at the next piece once its signal is aborted', async () => {
    const abort = new AbortController()
    const { pulled, pieces } = counted(1000, '\n')
    let lines = 0
    const reading = (async () => {
      for await (const _line of readLines(pieces, 'big', abort.signal)) {
        void _line
        lines += 1
        if (lines === 10) abort.abort()
      }
    })()
    await expect(reading).rejects.toBeInstanceOf(CopyError)
    expect(pulled.bytes).toBe(2 * PIECE)
  })

  it('refuses a gzip file whose header is one 25 MB line, naming the limit', async () => {
    const path = join(dir, 'long-header.ndjson.gz')
    async function* content() {
      yield `{"format":"${BACKUP_FORMAT}","version":1,"padding":"`
      for (let index = 0; index < 25; index += 1) yield 'z'.repeat(1024 * 1024)
      yield '"}\n'
    }
    await pipeline(content, createGzip(), createWriteStream(path))
    await expect(openBackupFile(path)).rejects.toThrow(/a line is longer than 1048576 bytes/)
  })
})
