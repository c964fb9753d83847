import { createReadStream, existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { constants as zlib, createGunzip } from 'node:zlib'
import { BACKUP_FORMAT, BACKUP_VERSION, BackupFileError, CHECKSUM_SUFFIX, fileSha256, type BackupHeader } from './backup-file.ts'
import type { RowSource, TableChecksum } from './row-source.ts'

export interface BackupSource extends RowSource {
  readonly header: BackupHeader
  /** Stops reading the file (after a failure on the other side). */
  close(): void
}

/**
 * Opens a backup to read its rows once, in order. A checksum file beside it
 * must match (a downloaded backup has none: gzip's own CRC and each table's
 * checksum still catch a change). A truncated or damaged file, or one from a
 * newer version, is refused with a message saying which.
 */
export async function openBackupFile(path: string): Promise<BackupSource> {
  if (!existsSync(path)) throw new BackupFileError(`There is no backup at ${path}`)
  const checksumFile = `${path}${CHECKSUM_SUFFIX}`
  if (existsSync(checksumFile)) {
    const expected = (await readFile(checksumFile, 'utf8')).split(/\s/)[0] ?? ''
    if (expected !== (await fileSha256(path))) {
      throw new BackupFileError(`${path} does not match its checksum in ${basename(checksumFile)}: the file changed after it was written`)
    }
  }

  const input = createReadStream(path)
  const gunzip = createGunzip()
  input.on('error', (error) => gunzip.destroy(error))
  input.pipe(gunzip).setEncoding('utf8')
  const lines = readLines(gunzip, path)
  const next = async (): Promise<unknown> => {
    const { value, done } = await lines.next()
    if (done) throw new BackupFileError(`${path} is truncated: it ends before its last line`)
    return parseLine(value, path)
  }

  const header = (await next()) as Partial<BackupHeader> | null
  if (header?.format !== BACKUP_FORMAT || typeof header.version !== 'number') {
    input.destroy()
    throw new BackupFileError(`${path} is not a backup of this application`)
  }
  if (header.version > BACKUP_VERSION) {
    input.destroy()
    throw new BackupFileError(`${path} was written by a newer version (format ${header.version}); update this one first`)
  }
  const complete = header as BackupHeader
  const trailers = new Map<string, TableChecksum>()
  let position = 0

  return {
    header: complete,
    migrations: complete.migrations,
    tables: complete.tables,
    sequences: complete.sequences,
    close: () => input.destroy(),
    async *rows(table) {
      const expected = complete.tables[position]
      if (expected?.name !== table.name) throw new Error(`Tables are read in the backup's order: ${expected?.name} comes next`)
      position += 1
      const begin = await next()
      if (!Array.isArray(begin) || begin[0] !== 'begin' || begin[1] !== table.name) {
        throw new BackupFileError(`${path} is damaged: ${table.name} does not start where it should`)
      }
      let batch: string[] = []
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
        count += 1
        if (batch.length === 1000) {
          yield batch
          batch = []
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

/** The lines of a text stream; a gzip error becomes a message about the file. */
async function* readLines(stream: AsyncIterable<string>, path: string): AsyncGenerator<string> {
  let rest = ''
  try {
    for await (const chunk of stream) {
      const text = rest + chunk
      const parts = text.split('\n')
      rest = parts.pop() ?? ''
      yield* parts
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'Z_BUF_ERROR') throw new BackupFileError(`${path} is truncated: its compressed data ends early`)
    if (code === 'Z_DATA_ERROR' || code === 'Z_STREAM_ERROR' || code === zlib.Z_DATA_ERROR) {
      throw new BackupFileError(`${path} is damaged: its compressed data does not check out (${(error as Error).message})`)
    }
    throw error
  }
  if (rest !== '') yield rest
}

/** Reads a whole backup once, checking it as a restore would, and writes nothing. */
export async function verifyBackupFile(path: string): Promise<BackupHeader> {
  const source = await openBackupFile(path)
  try {
    for (const table of source.tables) for await (const _batch of source.rows(table)) void _batch
    return source.header
  } finally {
    source.close()
  }
}

function parseLine(line: string, path: string): unknown {
  try {
    return JSON.parse(line)
  } catch {
    throw new BackupFileError(`${path} is damaged: a line is not JSON`)
  }
}
