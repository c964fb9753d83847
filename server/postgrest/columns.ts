import { applicationForm, type FormDefinition } from '../../common/application-form.ts'
import { ATTRIBUTION_FIELD } from '../../common/attribution.ts'
import { cleanAttribution } from '../../common/attribution-schema.ts'
import { HONEYPOT_FIELD, HONEYPOT_MAX_LENGTH, SUBMISSION_ID_FIELD, answersSchema } from '../../common/contact-submission.ts'
import { PostgrestError, TABLE, checkViolation, unparsableQuery } from './postgrest-error.ts'

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

/** contact_submissions as an insert meets it. */
export interface SubmissionTable {
  /** Every column, readable with the service-role key. */
  columns: readonly string[]
  /** Filled by the table alone, GENERATED ALWAYS: naming one fails with 428C9. */
  generated: readonly string[]
  /** Filled by the table; no role may write them (42501), or a bot could backdate its row or file it as a lead. */
  denied: readonly string[]
  /** The columns a request may write, in the order an insert lists them. */
  writable: readonly WritableColumn[]
}

/**
 * The table for a form: one required, trimmed, bounded text column per
 * question, then the retry key, the honeypot and the attribution.
 */
export function submissionTable(form: FormDefinition = applicationForm): SubmissionTable {
  const schema = answersSchema(form)
  const answers = form.map((field): WritableColumn => ({
    name: field.key,
    type: 'text',
    notNull: true,
    hasDefault: false,
    check: (value) => {
      const result = schema.shape[field.key]?.safeParse(value)
      if (result?.success) return result.data
      return checkViolation(
        `${TABLE}_${field.key}_check`,
        TABLE,
        `"${field.key}" must not be blank and must be at most ${field.maxLength} characters long.`,
      )
    },
  }))
  const submissionId: WritableColumn = {
    name: SUBMISSION_ID_FIELD,
    type: 'uuid',
    notNull: true,
    hasDefault: true,
    check: (value) => String(value),
  }
  // A filled honeypot is checked and stored like any other row; only its spam
  // flag, set by the database, tells it apart.
  const honeypot: WritableColumn = {
    name: HONEYPOT_FIELD,
    type: 'text',
    notNull: false,
    hasDefault: false,
    check: (value) =>
      String(value).length <= HONEYPOT_MAX_LENGTH
        ? String(value)
        : checkViolation(
            `${TABLE}_${HONEYPOT_FIELD}_check`,
            TABLE,
            `"${HONEYPOT_FIELD}" must be at most ${HONEYPOT_MAX_LENGTH} characters long.`,
          ),
  }
  // Never refused: what its schema does not keep is dropped, and the answers
  // are stored without it (common/attribution-schema.ts).
  const attribution: WritableColumn = {
    name: ATTRIBUTION_FIELD,
    type: 'jsonb',
    notNull: false,
    hasDefault: false,
    check: (value) => {
      const cleaned = cleanAttribution(value)
      return cleaned === null ? null : JSON.stringify(cleaned)
    },
  }
  const writable = [...answers, submissionId, honeypot, attribution]
  return {
    columns: ['id', 'created_at', ...writable.map((column) => column.name), 'spam'],
    generated: ['id'],
    denied: ['created_at', 'spam'],
    writable,
  }
}

/** The application's table. */
export const SUBMISSIONS = submissionTable()

export const isTableColumn = (name: string, table: SubmissionTable = SUBMISSIONS) => table.columns.includes(name)

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
