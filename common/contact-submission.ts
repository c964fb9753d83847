import { z } from 'zod'
import { applicationForm, type FieldKey, type FormDefinition, type FormField } from './application-form.ts'
import { attributionSchema } from './attribution-schema.ts'
import { ATTRIBUTION_FIELD } from './attribution.ts'

// Required, non-blank once trimmed, and bounded. No message of its own: the
// wizard shows the spec's 'Field Required' toast for any refused answer, and
// the server answers with PostgreSQL's codes.
const answer = (field: FormField) => z.string().trim().min(1).max(field.maxLength)

/** The rules for a form's answers, trimmed: the wizard checks them one at a time, the server as a row. */
export function answersSchema<Form extends FormDefinition>(form: Form) {
  const shape = Object.fromEntries(form.map((field) => [field.key, answer(field)]))
  return z.strictObject(shape as Record<FieldKey<Form>, ReturnType<typeof answer>>)
}

export const applicationAnswersSchema = answersSchema(applicationForm)

/**
 * A field people never see and bots fill in. An application that fills it is
 * answered exactly like any other and stored flagged as spam, never as a lead
 * (migrations/003-spam-flag.sql). The name is one autofill and password
 * managers do not recognise, so a person's browser does not fill it.
 */
export const HONEYPOT_FIELD = '_gotcha'
export const HONEYPOT_MAX_LENGTH = 200

/**
 * Made by the browser once per application, so a retry after a lost answer
 * stores it once: the repeat fails as a duplicate (409, code 23505).
 */
export const SUBMISSION_ID_FIELD = 'submission_id'

/**
 * One application as it is sent and stored: a form's answers, plus what makes
 * resending safe and where the visitor came from (cleaned, never refused).
 */
export function submissionSchema<Form extends FormDefinition>(form: Form) {
  return answersSchema(form).extend({
    [SUBMISSION_ID_FIELD]: z.uuid().optional(),
    [HONEYPOT_FIELD]: z.string().max(HONEYPOT_MAX_LENGTH).optional(),
    [ATTRIBUTION_FIELD]: attributionSchema.optional(),
  })
}

export const contactSubmissionSchema = submissionSchema(applicationForm)

export type ContactSubmission = z.infer<typeof contactSubmissionSchema>

/**
 * The columns a submission may write, in the order supabase-js lists them for
 * the page's row: the answers, then the retry key, the honeypot and the
 * attribution. Supabase's anon role is granted INSERT on exactly these.
 */
export const submittedColumns = (form: FormDefinition = applicationForm): string[] => [
  ...form.map((field) => field.key),
  SUBMISSION_ID_FIELD,
  HONEYPOT_FIELD,
  ATTRIBUTION_FIELD,
]

/** PostgREST path of the table, relative to the API base URL. */
export const CONTACT_SUBMISSIONS_PATH = '/rest/v1/contact_submissions'
