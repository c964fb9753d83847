import type { Queryable } from '../db/database.ts'
import { ident, parentsFirst, readSequences, readTables, type CatalogTable } from './schema-catalog.ts'

/** A table's row count and an md5 over its rows' text (see `checksum`). */
export interface TableChecksum {
  rows: number
  checksum: string
}

/** The value an identity or serial column's sequence has handed out, if any. */
export interface SequenceValue {
  table: string
  column: string
  /** The sequence's last value, as text, or null when it never handed one out. */
  used: string | null
}

/**
 * Every row of our tables, from a database or from a backup file. The tables
 * come parents first, and are read in that order, each once.
 */
export interface RowSource {
  /** The source's migrations, by file name, in order: its schema. */
  readonly migrations: readonly string[]
  readonly tables: readonly CatalogTable[]
  readonly sequences: readonly SequenceValue[]
  /** What the source leaves out of its tables (a backup's secrets), if anything. */
  readonly leftOut?: LeftOut
  /** The table's rows in batches, each row the JSON object `to_json` makes of it. */
  rows(table: CatalogTable): AsyncIterable<string[]>
  checksum(table: CatalogTable): Promise<TableChecksum>
}

// Row text and checksums depend on these; both sides must print values alike.
const SETTINGS = {
  TimeZone: 'UTC',
  DateStyle: 'ISO, YMD',
  IntervalStyle: 'postgres',
  extra_float_digits: '1',
  bytea_output: 'hex',
}

/** Sets what row text depends on, for the session or (in a transaction) for it alone. */
export const setRowTextSettings = (db: Queryable, scope: 'SESSION' | 'LOCAL') =>
  db.exec(
    Object.entries(SETTINGS)
      .map(([name, value]) => `SET ${scope} ${name} = '${value}';`)
      .join('\n'),
  )

export const columnList = (names: readonly string[], prefix = '') =>
  names.map((name) => `${prefix}${ident(name)}`).join(', ')

/** Tables a source leaves out whole, and columns it gives as NULL (backup-secrets.ts). */
export interface LeftOut {
  tables: readonly string[]
  columns: Readonly<Record<string, readonly string[]>>
}

const NOTHING: LeftOut = { tables: [], columns: {} }

/**
 * A table as a source reads it: the table itself, or, with columns left
 * out, a select that gives them as NULL of their own type, in their place.
 * Its rows' text and checksum are then those a restore of it will hold.
 */
function relationOf(table: CatalogTable, blanked: readonly string[] = []): string {
  if (blanked.length === 0) return ident(table.name)
  if (table.key === null) throw new Error(`${table.name} has no primary key: its columns cannot be left out`)
  const columns = table.columns.map(({ name, type }) =>
    blanked.includes(name) ? `NULL::${type} AS ${ident(name)}` : ident(name),
  )
  return `(SELECT ${columns.join(', ')} FROM ${ident(table.name)})`
}

/**
 * The rows of `db`, which nothing else may write while they are read (a
 * stopped server's data directory, or a snapshot of a running one's), less
 * what `leftOut` names.
 */
export async function databaseSource(db: Queryable, batchSize = 1000, leftOut: LeftOut = NOTHING): Promise<RowSource> {
  await setRowTextSettings(db, 'SESSION')
  const tables = parentsFirst(await readTables(db)).filter((table) => !leftOut.tables.includes(table.name))
  const relation = (table: CatalogTable) => relationOf(table, leftOut.columns[table.name])
  const sequences: SequenceValue[] = []
  for (const { table, column, sequence } of await readSequences(db)) {
    if (leftOut.tables.includes(table)) continue
    const [used] = await db.query<{ value: string | null }>(
      `SELECT CASE WHEN is_called THEN last_value::text END AS value FROM ${sequence}`,
    )
    sequences.push({ table, column, used: used?.value ?? null })
  }
  const applied = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
  return {
    migrations: applied.map((row) => row.name),
    tables,
    sequences,
    leftOut,
    async *rows(table) {
      const next =
        table.key === null
          ? await byBlocks(db, table, batchSize)
          : byKey(db, table, table.key, batchSize, relation(table))
      for (;;) {
        const rows = await next()
        if (rows === undefined) return
        if (rows.length > 0) yield rows
      }
    },
    checksum: (table) => checksum(db, table, relation(table)),
  }
}

type Batch = () => Promise<string[] | undefined>

/** Keyset pagination on the primary key: the cursor is the last row read, its key cast back from its JSON. */
function byKey(
  source: Queryable,
  table: CatalogTable,
  key: string[],
  batchSize: number,
  relation = ident(table.name),
): Batch {
  const after = key.map((column) => {
    const type = table.columns.find((other) => other.name === column)?.type ?? 'text'
    return `($1::json ->> '${column.replaceAll("'", "''")}')::${type}`
  })
  const select = (where: string) =>
    `SELECT to_json(t)::text AS row FROM ${relation} t ${where} ORDER BY ${columnList(key, 't.')} LIMIT ${batchSize}`
  const first = select('')
  const next = select(`WHERE (${columnList(key, 't.')}) > (${after.join(', ')})`)
  let last: string | undefined
  let done = false
  return async () => {
    if (done) return undefined
    const rows = (
      await source.query<{ row: string }>(last === undefined ? first : next, last === undefined ? [] : [last])
    ).map((row) => row.row)
    done = rows.length < batchSize
    last = rows.at(-1)
    return rows
  }
}

/**
 * A table without a primary key, read by ranges of its pages: nothing moves
 * its rows meanwhile, and an open-ended ctid range would be read to its end
 * and sorted for every batch. The range grows or shrinks toward batchSize rows.
 */
async function byBlocks(source: Queryable, table: CatalogTable, batchSize: number): Promise<Batch> {
  const name = ident(table.name)
  const [size] = await source.query<{ blocks: number }>(
    `SELECT (pg_relation_size('${name.replaceAll("'", "''")}') / current_setting('block_size')::int)::int AS blocks`,
  )
  const blocks = size?.blocks ?? 0
  const read = `SELECT to_json(t)::text AS row FROM ${name} t
    WHERE t.ctid >= format('(%s,0)', $1::int)::tid AND t.ctid < format('(%s,0)', $2::int)::tid ORDER BY t.ctid`
  let block = 0
  let step = 8
  return async () => {
    if (block >= blocks) return undefined
    const rows = (await source.query<{ row: string }>(read, [block, block + step])).map((row) => row.row)
    block += step
    step = Math.max(1, Math.min(1024, Math.round((step * batchSize) / Math.max(rows.length, 1))))
    return rows
  }
}

/**
 * The row count and an md5 over every row's text, computed alike on both
 * sides: the rows' hashes are sorted by themselves, so neither a primary key
 * nor a collation is needed, and the columns are named in the source's order.
 */
export async function checksum(
  db: Queryable,
  table: CatalogTable,
  relation = ident(table.name),
): Promise<TableChecksum> {
  const [result] = await db.query<{ rows: number; checksum: string }>(
    `SELECT count(*)::int AS rows, coalesce(md5(string_agg(h, '' ORDER BY h COLLATE "C")), '') AS checksum
     FROM (SELECT md5(ROW(${columnList(
       table.columns.map((column) => column.name),
       't.',
     )})::text) AS h FROM ${relation} t) hashed`,
  )
  return result ?? { rows: 0, checksum: '' }
}
