import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { open, rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import type { LeftOut, RowSource, SequenceValue } from './row-source.ts'
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
/**
 * The longest line a backup may hold, in bytes: the header or one row. Rows
 * are far smaller (the schema caps every text a person sends at a few KB);
 * a reader refuses a longer line as soon as it passes this, so a hostile file
 * costs no more memory or time than this allows. The writer refuses one too,
 * so no backup is written that could not be restored.
 */
export const MAX_BACKUP_LINE_BYTES = 1024 * 1024

export interface BackupHeader {
  format: typeof BACKUP_FORMAT
  version: number
  createdAt: string
  migrations: string[]
  tables: CatalogTable[]
  sequences: SequenceValue[]
  /** What the file leaves out (backup-secrets.ts); absent in files written before it left anything out. */
  leftOut?: LeftOut
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
 * Both are readable by their owner only (0600), whatever the umask.
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
    ...(source.leftOut === undefined ? {} : { leftOut: source.leftOut }),
  }
  async function* lines() {
    yield `${fitting(JSON.stringify(header), 'The header')}\n`
    for (const table of source.tables) {
      yield `${JSON.stringify(['begin', table.name])}\n`
      let rows = 0
      for await (const batch of source.rows(table)) {
        rows += batch.length
        for (const row of batch) fitting(row, `A row of ${table.name}`)
        yield `${batch.join('\n')}\n`
      }
      const sum = await source.checksum(table)
      if (sum.rows !== rows)
        throw new Error(`${table.name} changed while it was read (${rows} rows read, ${sum.rows} counted)`)
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
    await pipeline(
      lines,
      createGzip({ level: GZIP_LEVEL }),
      tap,
      createWriteStream(partial, { flush: true, mode: 0o600 }),
    )
    await rename(partial, path)
    const sha256 = hash.digest('hex')
    await writeDurably(`${path}${CHECKSUM_SUFFIX}`, `${sha256}  ${basename(path)}\n`)
    return { path, bytes, sha256, tables }
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
}

/** `line`, if a reader will take it: a backup that could not be restored is not written. */
function fitting(line: string, what: string): string {
  // A character is at most 3 bytes in UTF-8 (4 for a pair of UTF-16 units), so most lines need no count.
  if (line.length * 3 > MAX_BACKUP_LINE_BYTES && Buffer.byteLength(line) > MAX_BACKUP_LINE_BYTES) {
    throw new Error(`${what} is longer than ${MAX_BACKUP_LINE_BYTES} bytes, the longest line a backup may hold`)
  }
  return line
}

/** Writes a small file whole or not at all, and syncs its folder. */
async function writeDurably(path: string, text: string) {
  await writeFile(`${path}.partial`, text, { flush: true, mode: 0o600 })
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
export async function fileSha256(path: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(path), hash, { signal })
  return hash.digest('hex')
}
