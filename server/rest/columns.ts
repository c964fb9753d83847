import { CONTACT_FIELDS, HONEYPOT_FIELD } from '../../common/contact-submission.ts'
import { PostgrestError, TABLE, unparsableQuery } from './postgrest-error.ts'

/** Every column of contact_submissions, in table order (migrations/001 to 003). */
const TABLE_COLUMNS = ['id', 'created_at', ...CONTACT_FIELDS, 'submission_id', HONEYPOT_FIELD, 'spam'] as const

/** The columns a request may write; id, created_at and spam always take their defaults. */
export const WRITABLE_COLUMNS = [...CONTACT_FIELDS, 'submission_id', HONEYPOT_FIELD] as const

export type TableColumn = (typeof TABLE_COLUMNS)[number]
export type WritableColumn = (typeof WRITABLE_COLUMNS)[number]

export const isTableColumn = (name: string): name is TableColumn =>
  (TABLE_COLUMNS as readonly string[]).includes(name)

// Column names are safe to quote back; arbitrary keys could be anything.
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/

/** PostgREST's PGRST204, naming the column only when it looks like one. */
export function columnNotFound(name: string): PostgrestError {
  const quoted = IDENTIFIER.test(name) ? `'${name}' ` : ''
  return new PostgrestError(400, 'PGRST204', `Could not find the ${quoted}column of '${TABLE}' in the schema cache`)
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
