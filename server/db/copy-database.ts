import type { Database, Queryable } from './database.ts'
import { ident, parentsFirst, readForeignKeys, readSequences, readTables, type CatalogTable } from './schema-catalog.ts'

export interface CopyOptions {
  /** Rows per read from the source and per INSERT on the target. */
  batchSize?: number
  /** Aborted (SIGINT, SIGTERM): the copy stops at the next batch and rolls back. */
  signal?: AbortSignal
  /** Told as each table is copied, before anything is verified or committed. */
  onTable?: (table: string, rows: number) => void
}

export interface CopiedTable {
  table: string
  rows: number
}

/** Why the copy stopped; the target is left as it was. */
export class CopyError extends Error {
  override name = 'CopyError'
}

// Rows a migration writes itself: 013's key for the follow-up's unsubscribe
// links. The source's replace them, since the links already sent carry its key.
const SEEDED_BY_MIGRATIONS = new Set(['site_keys'])

// Row text and checksums depend on these; both sides must print values alike.
const SETTINGS = {
  TimeZone: 'UTC',
  DateStyle: 'ISO, YMD',
  IntervalStyle: 'postgres',
  extra_float_digits: '1',
  bytea_output: 'hex',
}
const setAll = (db: Queryable, scope: 'SESSION' | 'LOCAL') =>
  db.exec(
    Object.entries(SETTINGS)
      .map(([name, value]) => `SET ${scope} ${name} = '${value}';`)
      .join('\n'),
  )

const list = (names: readonly string[], prefix = '') => names.map((name) => `${prefix}${ident(name)}`).join(', ')

/**
 * Copies every row of our tables from `source` (the embedded database, which
 * nothing else may write meanwhile) into `target`, whose schema is already
 * migrated and whose tables hold no rows. All of it happens in one transaction
 * on the target, which commits only once every table's rows, counted and
 * hashed on both sides, match; anything else rolls back, leaving it empty.
 */
export async function copyDatabase(source: Database, target: Database, options: CopyOptions = {}): Promise<CopiedTable[]> {
  const { batchSize = 1000, signal, onTable } = options
  const stopIfAborted = (table: string) => {
    if (signal?.aborted) throw new CopyError(`Interrupted while copying ${table}; nothing was changed on the target`)
  }
  await setAll(source, 'SESSION')
  const tables = parentsFirst(await readTables(source))
  const sequences = await readSequences(source)

  return target.transaction(async (tx) => {
    await setAll(tx, 'LOCAL')
    sameSchema(tables, await readTables(tx))
    // No other writer while the copy runs (a server started too early); readers may go on.
    await tx.exec(`LOCK TABLE ${list(tables.map((table) => table.name))} IN EXCLUSIVE MODE`)
    const holding = await tablesWithRows(tx, tables)
    if (holding.length > 0) {
      throw new CopyError(`The target already holds rows in ${holding.join(', ')}: db:copy fills an empty database only`)
    }
    for (const name of SEEDED_BY_MIGRATIONS) if (tables.some((table) => table.name === name)) await tx.exec(`DELETE FROM ${ident(name)}`)
    // The rows come as they are: triggers would add outbox and pipeline rows a
    // second time. This also skips foreign key checks, so they are verified below.
    await tx.exec('SET LOCAL session_replication_role = replica')

    const copied: CopiedTable[] = []
    for (const table of tables) {
      const rows = await copyTable(source, tx, table, batchSize, () => stopIfAborted(table.name))
      copied.push({ table: table.name, rows })
      onTable?.(table.name, rows)
    }
    for (const { table, column, sequence } of sequences) {
      // The source's sequence, if ahead of its column (erased leads), so no id is handed out twice.
      const [used] = await source.query<{ value: string | null }>(
        `SELECT CASE WHEN is_called THEN last_value::text END AS value FROM ${sequence}`,
      )
      await tx.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), greatest(max(${ident(column)}), $3::bigint))
         FROM ${ident(table)} HAVING greatest(max(${ident(column)}), $3::bigint) IS NOT NULL`,
        [ident(table), column, used?.value ?? null],
      )
    }
    await tx.exec('SET LOCAL session_replication_role = origin')
    await verifyForeignKeys(tx)
    for (const table of tables) {
      stopIfAborted(table.name)
      const [mine, theirs] = await Promise.all([checksum(source, table), checksum(tx, table)])
      if (mine.rows !== theirs.rows || mine.checksum !== theirs.checksum) {
        throw new CopyError(
          `${table.name} differs after the copy (${mine.rows} rows in the source, ${theirs.rows} in the target${
            mine.rows === theirs.rows ? ', with other contents' : ''
          }); nothing was changed on the target`,
        )
      }
    }
    return copied
  })
}

function sameSchema(source: readonly CatalogTable[], target: readonly CatalogTable[]) {
  // By name: the rows travel as JSON objects and are hashed column by column, so the order may differ.
  const describe = (table: CatalogTable | undefined) =>
    table?.columns
      .map((column) => column.name)
      .sort()
      .join(', ') ?? '(missing)'
  const byName = new Map(target.map((table) => [table.name, table]))
  for (const table of source) {
    const other = byName.get(table.name)
    if (describe(table) !== describe(other)) {
      throw new CopyError(`${table.name} has other columns on the target (${describe(other)}) than in the source (${describe(table)})`)
    }
  }
}

async function tablesWithRows(tx: Queryable, tables: readonly CatalogTable[]): Promise<string[]> {
  const checks = tables
    .filter((table) => !SEEDED_BY_MIGRATIONS.has(table.name))
    .map((table) => `SELECT ${`'${table.name.replaceAll("'", "''")}'`} AS name WHERE EXISTS (SELECT 1 FROM ${ident(table.name)})`)
  if (checks.length === 0) return []
  const rows = await tx.query<{ name: string }>(checks.join('\nUNION ALL\n'))
  return rows.map((row) => row.name)
}

type Batch = () => Promise<string[] | undefined>

/**
 * Reads the source a batch at a time in key order and inserts each batch in
 * one statement, from JSON the target reads back into the table's own types.
 */
async function copyTable(source: Queryable, tx: Queryable, table: CatalogTable, batchSize: number, check: () => void) {
  const name = ident(table.name)
  const writable = table.columns.filter((column) => !column.generated).map((column) => column.name)
  const insert = `INSERT INTO ${name} (${list(writable)}) OVERRIDING SYSTEM VALUE
    SELECT ${list(writable)} FROM json_populate_recordset(NULL::${name}, $1::json)`
  const next = table.key === null ? await byBlocks(source, table, batchSize) : byKey(source, table, table.key, batchSize)
  let total = 0
  for (;;) {
    check()
    const rows = await next()
    if (rows === undefined) return total
    if (rows.length > 0) await tx.query(insert, [`[${rows.join(',')}]`])
    total += rows.length
  }
}

/** Keyset pagination on the primary key: the cursor is the last row read, its key cast back from its JSON. */
function byKey(source: Queryable, table: CatalogTable, key: string[], batchSize: number): Batch {
  const after = key.map((column) => {
    const type = table.columns.find((other) => other.name === column)?.type ?? 'text'
    return `($1::json ->> '${column.replaceAll("'", "''")}')::${type}`
  })
  const select = (where: string) =>
    `SELECT to_json(t)::text AS row FROM ${ident(table.name)} t ${where} ORDER BY ${list(key, 't.')} LIMIT ${batchSize}`
  const first = select('')
  const next = select(`WHERE (${list(key, 't.')}) > (${after.join(', ')})`)
  let last: string | undefined
  let done = false
  return async () => {
    if (done) return undefined
    const rows = (await source.query<{ row: string }>(last === undefined ? first : next, last === undefined ? [] : [last])).map(
      (row) => row.row,
    )
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

async function verifyForeignKeys(tx: Queryable) {
  for (const key of await readForeignKeys(tx)) {
    const joined = key.columns.map((column, index) => `p.${ident(key.parentColumns[index] ?? '')} = c.${ident(column)}`).join(' AND ')
    const [orphans] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${ident(key.table)} c
       WHERE ${key.columns.map((column) => `c.${ident(column)} IS NOT NULL`).join(' AND ')}
         AND NOT EXISTS (SELECT 1 FROM ${ident(key.parent)} p WHERE ${joined})`,
    )
    if ((orphans?.n ?? 0) > 0) {
      throw new CopyError(
        `${key.table} has ${orphans?.n} rows whose ${key.name} points to no row of ${key.parent}; nothing was changed on the target`,
      )
    }
  }
}

/**
 * The row count and an md5 over every row's text, computed alike on both
 * sides: the rows' hashes are sorted by themselves, so neither a primary key
 * nor a collation is needed, and the columns are named in the source's order.
 */
async function checksum(db: Queryable, table: CatalogTable) {
  const [result] = await db.query<{ rows: number; checksum: string }>(
    `SELECT count(*)::int AS rows, coalesce(md5(string_agg(h, '' ORDER BY h COLLATE "C")), '') AS checksum
     FROM (SELECT md5(ROW(${list(
       table.columns.map((column) => column.name),
       't.',
     )})::text) AS h FROM ${ident(table.name)} t) hashed`,
  )
  return result ?? { rows: 0, checksum: '' }
}
