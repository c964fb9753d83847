import type { Database, Queryable } from '../db/database.ts'
import { checksum, columnList, databaseSource, setRowTextSettings, type RowSource } from './row-source.ts'
import { ident, readForeignKeys, readTables, type CatalogTable } from './schema-catalog.ts'

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
// links, 032's ad platforms. The source's replace them, since the links already
// sent carry its key, and its platforms' pauses and last results are its own.
export const SEEDED_BY_MIGRATIONS: ReadonlySet<string> = new Set(['site_keys', 'conversion_platforms'])

/** Copies the rows of `source`, a database nothing else writes meanwhile; see copyRows. */
export async function copyDatabase(
  source: Database,
  target: Database,
  options: CopyOptions = {},
): Promise<CopiedTable[]> {
  return copyRows(await databaseSource(source, options.batchSize), target, options)
}

/**
 * Copies every row of our tables from `source` into `target`, whose schema is
 * already migrated to the source's and whose tables hold no rows. All of it
 * happens in one transaction on the target, which commits only once every
 * table's rows, counted and hashed on both sides, match; anything else rolls
 * back, leaving it empty.
 */
export async function copyRows(source: RowSource, target: Database, options: CopyOptions = {}): Promise<CopiedTable[]> {
  const { signal, onTable } = options
  const stopIfAborted = (table: string) => {
    if (signal?.aborted) throw new CopyError(`Interrupted while copying ${table}; nothing was changed on the target`)
  }
  const { tables } = source

  return target.transaction(async (tx) => {
    await setRowTextSettings(tx, 'LOCAL')
    sameSchema(tables, await readTables(tx))
    // No other writer while the copy runs (a server started too early); readers may go on.
    await tx.exec(`LOCK TABLE ${columnList(tables.map((table) => table.name))} IN EXCLUSIVE MODE`)
    const holding = await tablesWithRows(tx, tables)
    if (holding.length > 0) {
      throw new CopyError(`The target already holds rows in ${holding.join(', ')}: it must be an empty database`)
    }
    for (const name of SEEDED_BY_MIGRATIONS)
      if (tables.some((table) => table.name === name)) await tx.exec(`DELETE FROM ${ident(name)}`)
    // The rows come as they are: triggers would add outbox and pipeline rows a
    // second time. A superuser (or a role granted it) turns them all off, foreign
    // key checks too, so those are verified below; a mere owner, as on Supabase,
    // turns off ours, and the parents-first order satisfies the checks as it goes.
    const [role] = await tx.query<{ replica: boolean }>(
      `SELECT has_parameter_privilege('session_replication_role', 'SET') AS replica`,
    )
    const triggers = role?.replica
      ? { off: 'SET LOCAL session_replication_role = replica', on: 'SET LOCAL session_replication_role = origin' }
      : {
          off: tables.map((table) => `ALTER TABLE ${ident(table.name)} DISABLE TRIGGER USER;`).join('\n'),
          on: tables.map((table) => `ALTER TABLE ${ident(table.name)} ENABLE TRIGGER USER;`).join('\n'),
        }
    await tx.exec(triggers.off)

    const copied: CopiedTable[] = []
    for (const table of tables) {
      const rows = await copyTable(source, tx, table, () => stopIfAborted(table.name))
      copied.push({ table: table.name, rows })
      onTable?.(table.name, rows)
    }
    for (const { table, column, used } of source.sequences) {
      // The source's sequence, if ahead of its column (erased leads), so no id is handed out twice.
      await tx.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), greatest(max(${ident(column)}), $3::bigint))
         FROM ${ident(table)} HAVING greatest(max(${ident(column)}), $3::bigint) IS NOT NULL`,
        [ident(table), column, used],
      )
    }
    await tx.exec(triggers.on)
    await verifyForeignKeys(tx)
    for (const table of tables) {
      stopIfAborted(table.name)
      const [mine, theirs] = await Promise.all([source.checksum(table), checksum(tx, table)])
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

/** Inserts each batch of the source's rows in one statement, from JSON the target reads back into the table's own types. */
async function copyTable(source: RowSource, tx: Queryable, table: CatalogTable, check: () => void) {
  const name = ident(table.name)
  const writable = table.columns.filter((column) => !column.generated).map((column) => column.name)
  const insert = `INSERT INTO ${name} (${columnList(writable)}) OVERRIDING SYSTEM VALUE
    SELECT ${columnList(writable)} FROM json_populate_recordset(NULL::${name}, $1::json)`
  let total = 0
  check()
  for await (const rows of source.rows(table)) {
    check()
    await tx.query(insert, [`[${rows.join(',')}]`])
    total += rows.length
  }
  return total
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
      throw new CopyError(
        `${table.name} has other columns on the target (${describe(other)}) than in the source (${describe(table)})`,
      )
    }
  }
}

async function tablesWithRows(tx: Queryable, tables: readonly CatalogTable[]): Promise<string[]> {
  const checks = tables
    .filter((table) => !SEEDED_BY_MIGRATIONS.has(table.name))
    .map(
      (table) =>
        `SELECT ${`'${table.name.replaceAll("'", "''")}'`} AS name WHERE EXISTS (SELECT 1 FROM ${ident(table.name)})`,
    )
  if (checks.length === 0) return []
  const rows = await tx.query<{ name: string }>(checks.join('\nUNION ALL\n'))
  return rows.map((row) => row.name)
}

async function verifyForeignKeys(tx: Queryable) {
  for (const key of await readForeignKeys(tx)) {
    const joined = key.columns
      .map((column, index) => `p.${ident(key.parentColumns[index] ?? '')} = c.${ident(column)}`)
      .join(' AND ')
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
