import { columnNotFound, isTableColumn, type TableModel, type WritableColumn } from './columns.ts'
import { PostgrestError, invalidBody, notNullViolation, permissionDenied } from './postgrest-error.ts'

export interface InsertOptions {
  /** The `columns` query parameter; without it, the body's keys are the columns. */
  columns: string[] | undefined
  /** `Prefer: missing=default`: listed columns the body lacks take their defaults instead of null. */
  missingDefault: boolean
  /** Whether the caller holds the service-role key (PostgREST's 403 rather than 401). */
  authenticated: boolean
  /** The table inserted into. */
  table: TableModel
  /**
   * Fields the body may carry that are no column: read and handed back in
   * `InsertRow.beside`, never inserted, never refused (the caller judges them).
   */
  beside?: readonly string[]
}

/** One row to insert: the columns given, in table order, and their values. */
export interface InsertRow {
  columns: string[]
  values: unknown[]
  /** The body's values of `InsertOptions.beside` that the request named (with `columns`, only those listed). */
  beside: Record<string, unknown>
}

/**
 * Reads the insert body supabase-js sends (`[{…}]`; a bare object is accepted as
 * PostgREST does) and decides what to insert, failing the way PostgREST and
 * PostgreSQL would for the same request, in the same order: body, unknown
 * columns, forbidden columns, types, then NOT NULL and CHECK.
 * Answers are trimmed. No error repeats a submitted value.
 */
export function parseInsert(body: string | undefined, options: InsertOptions): InsertRow {
  const { table } = options
  const row = parseOneRow(body)
  const beside = options.beside ?? []
  const named = options.columns ?? Object.keys(row)
  const besideValues = Object.fromEntries(
    named.filter((name) => beside.includes(name) && Object.hasOwn(row, name)).map((name) => [name, row[name]]),
  )
  const names = named.filter((name) => !beside.includes(name))
  // With `columns`, PostgREST ignores the body's other keys; without, every key is a column.
  const unknown = names.find((name) => !isTableColumn(name, table))
  if (unknown !== undefined) throw columnNotFound(unknown, table.name)
  const generated = names.find((name) => table.generated.includes(name))
  if (generated !== undefined) throw generatedAlways(generated)
  // The anon role of supabase/migrations has no INSERT on these either.
  if (names.some((name) => table.denied.includes(name))) throw permissionDenied(table.name, options.authenticated)

  const values = new Map<WritableColumn, unknown>()
  for (const column of table.writable) {
    if (!names.includes(column.name)) continue
    const value = row[column.name]
    if (value === undefined && options.missingDefault) continue
    values.set(column, value ?? null)
  }

  for (const [column, value] of values) {
    if (value !== null && !hasType(column, value)) throw wrongType(column)
  }

  const stored = new Map<string, unknown>()
  const notNull: PostgrestError[] = []
  const checks: PostgrestError[] = []
  for (const column of table.writable) {
    const given = values.has(column)
    const value = values.get(column) ?? null
    if (value === null) {
      // Left out, a column takes its default (a new uuid for submission_id), else NULL.
      if (!given && column.hasDefault) continue
      if (column.notNull) notNull.push(notNullViolation(column.name, table.name))
      else if (given) stored.set(column.name, null)
      continue
    }
    const checked = column.check(value)
    if (checked instanceof PostgrestError) checks.push(checked)
    else stored.set(column.name, checked)
  }
  // PostgreSQL checks every NOT NULL before any CHECK constraint.
  const [failure] = [...notNull, ...checks]
  if (failure) throw failure
  return { columns: [...stored.keys()], values: [...stored.values()], beside: besideValues }
}

function parseOneRow(body: string | undefined): Record<string, unknown> {
  if (body === undefined || body.trim() === '') throw invalidBody()
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw invalidBody()
  }
  // The form sends one application per request; bulk inserts are not part of
  // the contract and would only widen what an anonymous caller can do.
  if (Array.isArray(json) && json.length !== 1) throw invalidBody('Send exactly one row per request.')
  const row: unknown = Array.isArray(json) ? json[0] : json
  if (typeof row !== 'object' || row === null || Array.isArray(row)) {
    throw invalidBody('Send one JSON object, or an array holding one object.')
  }
  return row as Record<string, unknown>
}

// PostgreSQL's uuid input: 32 hex digits, a hyphen allowed after any group of
// four, optionally in braces.
const UUID = /^(?:\{[0-9a-f]{4}(?:-?[0-9a-f]{4}){7}\}|[0-9a-f]{4}(?:-?[0-9a-f]{4}){7})$/i

function hasType(column: WritableColumn, value: unknown): boolean {
  if (column.type === 'jsonb') return true
  if (typeof value !== 'string') return false
  return column.type === 'uuid' ? UUID.test(value) : true
}

function wrongType({ name, type }: WritableColumn): PostgrestError {
  const expected = type === 'uuid' ? 'a UUID' : 'a string'
  return new PostgrestError(
    400,
    '22P02',
    `invalid input syntax for type ${type}`,
    `Column "${name}" expects ${expected}.`,
  )
}

const generatedAlways = (column: string) =>
  new PostgrestError(
    400,
    '428C9',
    `cannot insert a non-DEFAULT value into column "${column}"`,
    `Column "${column}" is an identity column defined as GENERATED ALWAYS.`,
  )
