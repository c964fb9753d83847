import {
  FIELD_MAX_LENGTH,
  HONEYPOT_FIELD,
  HONEYPOT_MAX_LENGTH,
  applicationAnswersSchema,
  type ContactField,
} from '../../common/contact-submission.ts'
import { WRITABLE_COLUMNS, columnNotFound, isTableColumn, type WritableColumn } from './columns.ts'
import {
  PostgrestError,
  TABLE,
  checkViolation,
  invalidBody,
  notNullViolation,
  permissionDenied,
} from './postgrest-error.ts'

export interface InsertOptions {
  /** The `columns` query parameter; without it, the body's keys are the columns. */
  columns: string[] | undefined
  /** `Prefer: missing=default`: listed columns the body lacks take their defaults instead of null. */
  missingDefault: boolean
  /** Whether the caller holds the service-role key (PostgREST's 403 rather than 401). */
  authenticated: boolean
}

/** One row to insert: the columns given, in table order, and their values. */
export interface InsertRow {
  columns: WritableColumn[]
  values: unknown[]
}

/**
 * Reads the insert body supabase-js sends (`[{…}]`; a bare object is accepted as
 * PostgREST does) and decides what to insert, failing the way PostgREST and
 * PostgreSQL would for the same request, in the same order: body, unknown
 * columns, forbidden columns, types, then NOT NULL and CHECK.
 * Answers are trimmed. No error repeats a submitted value.
 */
export function parseInsert(body: string | undefined, options: InsertOptions): InsertRow {
  const row = parseOneRow(body)
  const names = options.columns ?? Object.keys(row)
  // With `columns`, PostgREST ignores the body's other keys; without, every key is a column.
  const unknown = names.find((name) => !isTableColumn(name))
  if (unknown !== undefined) throw columnNotFound(unknown)
  if (names.includes('id')) throw generatedAlways('id')
  // The anon role of supabase/migrations has no INSERT on these either; spam is
  // the database's to decide, or a bot could file its row as a lead.
  if (names.includes('created_at') || names.includes('spam')) throw permissionDenied(options.authenticated)

  const values = new Map<WritableColumn, unknown>()
  for (const column of WRITABLE_COLUMNS) {
    if (!names.includes(column)) continue
    const value = row[column]
    if (value === undefined && options.missingDefault) continue
    values.set(column, value ?? null)
  }

  // A filled honeypot changes nothing here: the row is checked and stored like
  // any other, and only its spam flag (set by the database) tells them apart.
  for (const [column, value] of values) {
    if (value !== null && !hasType(column, value)) throw wrongType(column)
  }

  const stored = new Map<WritableColumn, unknown>()
  const notNull: PostgrestError[] = []
  const checks: PostgrestError[] = []
  for (const column of WRITABLE_COLUMNS) {
    // Columns not given take their defaults: a new uuid for submission_id, NULL for the rest.
    if (!values.has(column) && column === 'submission_id') continue
    const value = values.get(column) ?? null
    if (value === null) {
      if (column !== HONEYPOT_FIELD) notNull.push(notNullViolation(column))
      else if (values.has(column)) stored.set(column, null)
      continue
    }
    const checked = checkConstraint(column, value as string)
    if (checked instanceof PostgrestError) checks.push(checked)
    else stored.set(column, checked)
  }
  // PostgreSQL checks every NOT NULL before any CHECK constraint.
  const [failure] = [...notNull, ...checks]
  if (failure) throw failure
  return toInsertRow(stored)
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
  if (typeof value !== 'string') return false
  return column === 'submission_id' ? UUID.test(value) : true
}

function wrongType(column: WritableColumn): PostgrestError {
  const type = column === 'submission_id' ? 'uuid' : 'text'
  const expected = column === 'submission_id' ? 'a UUID' : 'a string'
  return new PostgrestError(400, '22P02', `invalid input syntax for type ${type}`, `Column "${column}" expects ${expected}.`)
}

const generatedAlways = (column: string) =>
  new PostgrestError(
    400,
    '428C9',
    `cannot insert a non-DEFAULT value into column "${column}"`,
    `Column "${column}" is an identity column defined as GENERATED ALWAYS.`,
  )

/** The value to store (answers trimmed), or the error PostgreSQL would raise for it. */
function checkConstraint(column: WritableColumn, value: string): string | PostgrestError {
  if (column === 'submission_id') return value
  if (column === HONEYPOT_FIELD) {
    if (value.length <= HONEYPOT_MAX_LENGTH) return value
    return checkViolation(`${TABLE}_${column}_check`, TABLE, `"${column}" must be at most ${HONEYPOT_MAX_LENGTH} characters long.`)
  }
  const result = applicationAnswersSchema.shape[column].safeParse(value)
  return result.success ? result.data : answerViolation(column)
}

const answerViolation = (field: ContactField) =>
  checkViolation(
    `${TABLE}_${field}_check`,
    TABLE,
    `"${field}" must not be blank and must be at most ${FIELD_MAX_LENGTH[field]} characters long.`,
  )

function toInsertRow(values: Map<WritableColumn, unknown>): InsertRow {
  const columns = WRITABLE_COLUMNS.filter((column) => values.has(column))
  return { columns, values: columns.map((column) => values.get(column)) }
}
