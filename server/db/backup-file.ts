import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync } from 'node:fs'
import { open, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { constants as zlib, createGunzip, createGzip } from 'node:zlib'
import type { TableChecksum, RowSource, SequenceValue } from './row-source.ts'
import type { CatalogTable } from './schema-catalog.ts'

/**
 * A backup is the database's rows, not its files: gzip'd lines of JSON, so a
 * newer PostgreSQL (a new PGlite) restores what an older one wrote, and the
 * same file moves into PostgreSQL (ADR 028). Line 1 is the header; each
 * table's rows follow between `["begin", table]` and `["end", table, rows,
 * checksum]`; `["complete"]` is the last line, so a cut file is known as one.
 */
export const BACKUP_FORMAT = 'leads-backup'
export const BACKUP_VERSION = 1
export const BACKUP_SUFFIX = '.ndjson.gz'
export const CHECKSUM_SUFFIX = '.sha256'

export interface BackupHeader {
  format: typeof BACKUP_FORMAT
  version: number
  createdAt: string
  migrations: string[]
  tables: CatalogTable[]
  sequences: SequenceValue[]
}

export interface WrittenBackup {
  path: string
  bytes: number
  sha256: string
  tables: { table: string; rows: number }[]
}

/** Why a backup file cannot be read; nothing was written anywhere. */
export class BackupFileError extends Error {
  override name = 'BackupFileError'
}

// Level 1: the rows are text that compresses well at any level, and a backup
// shares the machine's cores with the submissions it must not slow.
const GZIP_LEVEL = 1

/**
 * Writes every row of `source` to `path`: first to `path.partial`, synced,
 * then renamed, with `path.sha256` (sha256sum's format) beside it and the
 * folder synced, so a crash leaves either a complete backup or a `.partial`.
 */
export async function writeBackupFile(source: RowSource, path: string, createdAt = new Date()): Promise<WrittenBackup> {
  const partial = `${path}.partial`
  const hash = createHash('sha256')
  let bytes = 0
  const tables: WrittenBackup['tables'] = []
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: createdAt.toISOString(),
    migrations: [...source.migrations],
    tables: [...source.tables],
    sequences: [...source.sequences],
  }
  async function* lines() {
    yield `${JSON.stringify(header)}\n`
    for (const table of source.tables) {
      yield `${JSON.stringify(['begin', table.name])}\n`
      let rows = 0
      for await (const batch of source.rows(table)) {
        rows += batch.length
        yield `${batch.join('\n')}\n`
      }
      const sum = await source.checksum(table)
      if (sum.rows !== rows) throw new Error(`${table.name} changed while it was read (${rows} rows read, ${sum.rows} counted)`)
      tables.push({ table: table.name, rows })
      yield `${JSON.stringify(['end', table.name, sum.rows, sum.checksum])}\n`
    }
    yield `${JSON.stringify(['complete'])}\n`
  }
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      bytes += chunk.length
      done(null, chunk)
    },
  })
  try {
    await pipeline(lines, createGzip({ level: GZIP_LEVEL }), tap, createWriteStream(partial, { flush: true }))
    await rename(partial, path)
    const sha256 = hash.digest('hex')
    await writeDurably(`${path}${CHECKSUM_SUFFIX}`, `${sha256}  ${basename(path)}\n`)
    return { path, bytes, sha256, tables }
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
}

/** Writes a small file whole or not at all, and syncs its folder. */
async function writeDurably(path: string, text: string) {
  await writeFile(`${path}.partial`, text, { flush: true })
  await rename(`${path}.partial`, path)
  await syncFolder(dirname(path))
}

export async function syncFolder(path: string) {
  const folder = await open(path, 'r')
  try {
    await folder.sync()
  } finally {
    await folder.close()
  }
}

/** The sha256 of a file's bytes, as hex. */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(path), hash)
  return hash.digest('hex')
}

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
