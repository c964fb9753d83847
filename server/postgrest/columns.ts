import { PostgrestError, unparsableQuery } from './postgrest-error.ts'

/** A column an insert may name, with the rules the table holds for it (migrations/). */
export interface WritableColumn {
  name: string
  /** jsonb takes any JSON value; text and uuid take a string. */
  type: 'text' | 'uuid' | 'jsonb'
  /** NOT NULL: a null is refused with 23502. */
  notNull: boolean
  /** Left out of an insert, it takes its default rather than null. */
  hasDefault: boolean
  /**
   * Given a value of the column's type, the value as stored (jsonb as its JSON
   * text), or the error its CHECK constraint raises.
   */
  check: (value: unknown) => string | null | PostgrestError
}

/** A table as the protocol meets it: what an insert may name and a read may see. */
export interface TableModel {
  /** The table's name, as the path and PostgreSQL's messages name it. */
  name: string
  /** Every column, readable with the service-role key. */
  columns: readonly string[]
  /** Filled by the table alone, GENERATED ALWAYS: naming one fails with 428C9. */
  generated: readonly string[]
  /** Filled by the table; no role may write them (42501). */
  denied: readonly string[]
  /** The columns a request may write, in the order an insert lists them. */
  writable: readonly WritableColumn[]
  /** Rows a read leaves out unless it filters on `column` itself: the SQL condition that keeps them out. */
  hiddenUnlessFiltered?: { column: string; condition: string }
}

export const isTableColumn = (name: string, table: TableModel) => table.columns.includes(name)

// Column names are safe to quote back; arbitrary keys could be anything.
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/

/** PostgREST's PGRST204, naming the column only when it looks like one. */
export function columnNotFound(name: string, table: string): PostgrestError {
  const quoted = IDENTIFIER.test(name) ? `'${name}' ` : ''
  return new PostgrestError(400, 'PGRST204', `Could not find the ${quoted}column of '${table}' in the schema cache`)
}

/**
 * Reads the insert's `columns` parameter (`columns="name","email"` from
 * supabase-js, or bare names): the columns to insert, in the order given.
 * Unknown names are the caller's to refuse, as PostgREST does after parsing.
 */
export function parseColumnsParam(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined
  return value.split(',').map((part) => {
    const name = part.trim()
    const quoted = /^"([^"]+)"$/.exec(name)?.[1]
    if (quoted !== undefined) return quoted
    if (/^[\w$][\w$ -]*$/.test(name)) return name
    throw unparsableQuery('failed to parse columns parameter', 'Use a comma-separated list of column names.')
  })
}
