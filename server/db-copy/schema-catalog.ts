import type { Queryable } from '../db/database.ts'

export interface CatalogTable {
  name: string
  /** Every column in the table's order; generated ones are computed, never written. */
  columns: { name: string; type: string; generated: boolean }[]
  /** The primary key's columns, or null for a table without one. */
  key: string[] | null
  /** The other tables its foreign keys point to. */
  references: string[]
}

export interface ForeignKey {
  name: string
  table: string
  columns: string[]
  parent: string
  parentColumns: string[]
}

/** A quoted identifier, for names read from the catalog. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`

// The tables the migrations made in the schema they ran in; schema_migrations
// records which ran and belongs to each database on its own.
const OURS = `c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND c.relname <> 'schema_migrations'`

const columnNames = (table: string, keys: string) => `(SELECT json_agg(a.attname ORDER BY k.i)
  FROM unnest(${keys}) WITH ORDINALITY k (attnum, i) JOIN pg_attribute a ON a.attrelid = ${table} AND a.attnum = k.attnum)`

/** Our tables as the catalog of `db` describes them, by name. */
export function readTables(db: Queryable): Promise<CatalogTable[]> {
  return db.query<CatalogTable & Record<string, unknown>>(
    `SELECT c.relname AS name,
       (SELECT json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'generated', a.attgenerated <> '') ORDER BY a.attnum)
        FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped) AS columns,
       (SELECT ${columnNames('c.oid', 'p.conkey')} FROM pg_constraint p WHERE p.conrelid = c.oid AND p.contype = 'p') AS key,
       coalesce((SELECT json_agg(DISTINCT r.relname) FROM pg_constraint f JOIN pg_class r ON r.oid = f.confrelid
         WHERE f.conrelid = c.oid AND f.contype = 'f' AND f.confrelid <> c.oid), '[]') AS "references"
     FROM pg_class c WHERE ${OURS} ORDER BY c.relname`,
  )
}

/** Every foreign key between our tables in `db`. */
export function readForeignKeys(db: Queryable): Promise<ForeignKey[]> {
  return db.query<ForeignKey & Record<string, unknown>>(
    `SELECT f.conname AS name, c.relname AS "table", ${columnNames('f.conrelid', 'f.conkey')} AS columns,
       r.relname AS parent, ${columnNames('f.confrelid', 'f.confkey')} AS "parentColumns"
     FROM pg_constraint f JOIN pg_class c ON c.oid = f.conrelid JOIN pg_class r ON r.oid = f.confrelid
     WHERE f.contype = 'f' AND ${OURS} ORDER BY f.conname`,
  )
}

/**
 * The tables with every table before those whose foreign keys point to it, so
 * the rows a row refers to are always there first.
 */
export function parentsFirst(tables: readonly CatalogTable[]): CatalogTable[] {
  const byName = new Map(tables.map((table) => [table.name, table]))
  const ordered: CatalogTable[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (table: CatalogTable, path: string[]) => {
    if (state.get(table.name) === 'done') return
    if (state.get(table.name) === 'visiting')
      throw new Error(`The foreign keys form a cycle: ${[...path, table.name].join(' → ')}`)
    state.set(table.name, 'visiting')
    for (const parent of table.references) {
      const found = byName.get(parent)
      if (found) visit(found, [...path, table.name])
    }
    state.set(table.name, 'done')
    ordered.push(table)
  }
  for (const table of tables) visit(table, [])
  return ordered
}

/** The sequences behind identity and serial columns of our tables. */
export function readSequences(db: Queryable): Promise<{ table: string; column: string; sequence: string }[]> {
  return db.query(
    `SELECT * FROM (
       SELECT c.relname AS "table", a.attname AS "column",
         pg_get_serial_sequence(format('%I.%I', current_schema(), c.relname), a.attname) AS sequence
       FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
       WHERE ${OURS}) s
     WHERE sequence IS NOT NULL ORDER BY "table", "column"`,
  )
}
