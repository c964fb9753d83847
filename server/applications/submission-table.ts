import { applicationForm, type FormDefinition } from '../../common/application-form.ts'
import { cleanAttribution } from '../../common/attribution-schema.ts'
import { ATTRIBUTION_FIELD } from '../../common/attribution.ts'
import {
  HONEYPOT_FIELD,
  HONEYPOT_MAX_LENGTH,
  SUBMISSION_ID_FIELD,
  answersSchema,
} from '../../common/contact-submission.ts'
import type { TableModel, WritableColumn } from '../postgrest/columns.ts'
import { checkViolation } from '../postgrest/postgrest-error.ts'

/** The applications' table. */
export const TABLE = 'contact_submissions'

/**
 * contact_submissions as an insert meets it, for a form: one required, trimmed,
 * bounded text column per question, then the retry key, the honeypot and the
 * attribution. Created by the table, created_at and spam are denied to every
 * role, or a bot could backdate its row or file it as a lead.
 */
export function submissionTable(form: FormDefinition = applicationForm): TableModel {
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
    name: TABLE,
    columns: ['id', 'created_at', ...writable.map((column) => column.name), 'spam'],
    generated: ['id'],
    denied: ['created_at', 'spam'],
    writable,
    // A read is of leads unless it asks about spam itself (`spam=eq.true`): a
    // tool paging through applications, or counting them, never meets a bot's.
    hiddenUnlessFiltered: { column: 'spam', condition: 'NOT "spam"' },
  }
}

/** The application's table. */
export const SUBMISSIONS = submissionTable()
