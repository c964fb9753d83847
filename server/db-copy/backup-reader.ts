import { createReadStream, existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { constants as zlib, createGunzip } from 'node:zlib'
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupFileError,
  CHECKSUM_SUFFIX,
  MAX_BACKUP_LINE_BYTES,
  fileSha256,
  type BackupHeader,
} from './backup-file.ts'
import { CopyError } from './copy-database.ts'
import type { RowSource, TableChecksum } from './row-source.ts'

export interface BackupSource extends RowSource {
  readonly header: BackupHeader
  /** Stops reading the file (after a failure on the other side). */
  close(): void
}

const NEWLINE = 0x0a
const INTERRUPTED = 'Interrupted while reading the backup; nothing was changed on the target'
// A batch of rows is handed on at this many rows or characters, whichever comes
// first, so a file of long lines holds no more than this in memory at once.
const BATCH_ROWS = 1000
const BATCH_CHARACTERS = 8 * 1024 * 1024

/**
 * Opens a backup to read its rows once, in order. A checksum file beside it
 * must match (a downloaded backup has none: gzip's own CRC and each table's
 * checksum still catch a change). A truncated or damaged file, or one from a
 * newer version, is refused with a message saying which.
 */
export async function openBackupFile(path: string, signal?: AbortSignal): Promise<BackupSource> {
  if (!existsSync(path)) throw new BackupFileError(`There is no backup at ${path}`)
  const checksumFile = `${path}${CHECKSUM_SUFFIX}`
  if (existsSync(checksumFile)) {
    const expected = (await readFile(checksumFile, 'utf8')).split(/\s/)[0] ?? ''
    if (expected !== (await fileSha256(path, signal).catch(interrupted(signal)))) {
      throw new BackupFileError(
        `${path} does not match its checksum in ${basename(checksumFile)}: the file changed after it was written`,
      )
    }
  }

  const input = createReadStream(path)
  const gunzip = createGunzip()
  input.on('error', (error) => gunzip.destroy(error))
  const lines = readLines(input.pipe(gunzip), path, signal)
  const next = async (): Promise<unknown> => {
    const { value, done } = await lines.next()
    if (done) throw new BackupFileError(`${path} is truncated: it ends before its last line`)
    return parseLine(value, path)
  }

  const header = (await next().catch((error: unknown) => {
    input.destroy()
    throw error
  })) as Partial<BackupHeader> | null
  if (header?.format !== BACKUP_FORMAT || typeof header.version !== 'number') {
    input.destroy()
    throw new BackupFileError(`${path} is not a backup of this application`)
  }
  if (header.version > BACKUP_VERSION) {
    input.destroy()
    throw new BackupFileError(
      `${path} was written by a newer version (format ${header.version}); update this one first`,
    )
  }
  const complete = header as BackupHeader
  const trailers = new Map<string, TableChecksum>()
  let position = 0

  return {
    header: complete,
    migrations: complete.migrations,
    tables: complete.tables,
    sequences: complete.sequences,
    ...(complete.leftOut === undefined ? {} : { leftOut: complete.leftOut }),
    close: () => input.destroy(),
    async *rows(table) {
      const expected = complete.tables[position]
      if (expected?.name !== table.name)
        throw new Error(`Tables are read in the backup's order: ${expected?.name} comes next`)
      position += 1
      const begin = await next()
      if (!Array.isArray(begin) || begin[0] !== 'begin' || begin[1] !== table.name) {
        throw new BackupFileError(`${path} is damaged: ${table.name} does not start where it should`)
      }
      let batch: string[] = []
      let bytes = 0
      let count = 0
      for (;;) {
        const { value, done } = await lines.next()
        if (done) throw new BackupFileError(`${path} is truncated: it ends inside ${table.name}`)
        if (value.startsWith('[')) {
          const end = parseLine(value, path)
          if (!Array.isArray(end) || end[0] !== 'end' || end[1] !== table.name || end[2] !== count) {
            throw new BackupFileError(`${path} is damaged: ${table.name}'s rows do not add up`)
          }
          trailers.set(table.name, { rows: count, checksum: String(end[3]) })
          if (batch.length > 0) yield batch
          break
        }
        batch.push(value)
        bytes += value.length
        count += 1
        if (batch.length === BATCH_ROWS || bytes >= BATCH_CHARACTERS) {
          yield batch
          batch = []
          bytes = 0
        }
      }
      if (position === complete.tables.length) {
        const last = await next()
        if (!Array.isArray(last) || last[0] !== 'complete')
          throw new BackupFileError(`${path} is damaged: it does not end as a backup does`)
      }
    },
    async checksum(table) {
      const trailer = trailers.get(table.name)
      if (trailer === undefined) throw new Error(`${table.name} has not been read yet`)
      return trailer
    },
  }
}

/**
 * The lines of a stream of bytes, each at most MAX_BACKUP_LINE_BYTES: a longer
 * one is refused as soon as the limit is passed, before more is read. Each
 * byte is looked at once (a line's pieces are joined only at its end), so the
 * time is linear in the file however long its lines. An aborted `signal` stops
 * it at the next piece. A gzip error becomes a message about the file.
 */
export async function* readLines(
  stream: AsyncIterable<Buffer>,
  path: string,
  signal?: AbortSignal,
): AsyncGenerator<string> {
  let pieces: Buffer[] = []
  let pending = 0
  const tooLong = () =>
    new BackupFileError(
      `${path} is damaged: a line is longer than ${MAX_BACKUP_LINE_BYTES} bytes (the longest a backup's line may be)`,
    )
  try {
    for await (const chunk of stream) {
      if (signal?.aborted) throw new CopyError(INTERRUPTED)
      let start = 0
      for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
        if (pending + end - start > MAX_BACKUP_LINE_BYTES) throw tooLong()
        pieces.push(chunk.subarray(start, end))
        yield Buffer.concat(pieces).toString('utf8')
        pieces = []
        pending = 0
        start = end + 1
      }
      if (start < chunk.length) {
        pending += chunk.length - start
        if (pending > MAX_BACKUP_LINE_BYTES) throw tooLong()
        pieces.push(chunk.subarray(start))
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'Z_BUF_ERROR') throw new BackupFileError(`${path} is truncated: its compressed data ends early`)
    if (code === 'Z_DATA_ERROR' || code === 'Z_STREAM_ERROR' || code === zlib.Z_DATA_ERROR) {
      throw new BackupFileError(
        `${path} is damaged: its compressed data does not check out (${(error as Error).message})`,
      )
    }
    throw error
  }
  if (pending > 0) yield Buffer.concat(pieces).toString('utf8')
}

/** Reads a whole backup once, checking it as a restore would, and writes nothing. */
export async function verifyBackupFile(path: string, signal?: AbortSignal): Promise<BackupHeader> {
  const source = await openBackupFile(path, signal)
  try {
    for (const table of source.tables) for await (const _batch of source.rows(table)) void _batch
    return source.header
  } finally {
    source.close()
  }
}

/** An abort's error, when `signal` was aborted, in the words the copy's other interruptions use. */
const interrupted = (signal: AbortSignal | undefined) => (error: unknown) => {
  throw signal?.aborted ? new CopyError(INTERRUPTED) : error
}

function parseLine(line: string, path: string): unknown {
  try {
    return JSON.parse(line)
  } catch {
    throw new BackupFileError(`${path} is damaged: a line is not JSON`)
  }
}
