import { z } from 'zod'

/** The application's fields, in the order the wizard asks for them. */
export const CONTACT_FIELDS = [
  'instagram',
  'name',
  'email',
  'phone',
  'business',
  'budget',
  'revenue',
  'challenges',
] as const

export type ContactField = (typeof CONTACT_FIELDS)[number]

/**
 * Upper bounds on each answer, in UTF-16 code units: what an input's maxlength
 * and String.length count, so the page and the server agree. An emoji or a rare
 * CJK character takes two. The database's CHECK constraints hold the same
 * numbers in code points (migrations/001-contact-submissions.sql), so they never
 * refuse what the server accepts; a test keeps them in step.
 */
export const FIELD_MAX_LENGTH: Record<ContactField, number> = {
  instagram: 200,
  name: 200,
  email: 320,
  phone: 50,
  business: 1000,
  budget: 1000,
  revenue: 1000,
  challenges: 5000,
}

export const REQUIRED_MESSAGE = 'Please fill in this field before continuing.'

const answer = (field: ContactField) =>
  z
    .string(REQUIRED_MESSAGE)
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(FIELD_MAX_LENGTH[field], `Please keep this under ${FIELD_MAX_LENGTH[field]} characters.`)

/** The eight answers, trimmed; the wizard checks them one at a time. */
export const applicationAnswersSchema = z.strictObject({
  instagram: answer('instagram'),
  name: answer('name'),
  email: answer('email'),
  phone: answer('phone'),
  business: answer('business'),
  budget: answer('budget'),
  revenue: answer('revenue'),
  challenges: answer('challenges'),
})

export type ApplicationAnswers = z.infer<typeof applicationAnswersSchema>

/**
 * A field people never see and bots fill in. An application that fills it is
 * answered exactly like any other and stored flagged as spam, never as a lead
 * (migrations/003-spam-flag.sql). The name is one autofill and password
 * managers do not recognise, so a person's browser does not fill it.
 */
export const HONEYPOT_FIELD = '_gotcha'
export const HONEYPOT_MAX_LENGTH = 200

/** One application as it is sent and stored: the answers, plus what makes resending safe. */
export const contactSubmissionSchema = applicationAnswersSchema.extend({
  /**
   * Made by the browser once per application, so a retry after a lost answer
   * stores it once: the repeat fails as a duplicate (409, code 23505).
   */
  submission_id: z.uuid().optional(),
  [HONEYPOT_FIELD]: z.string().max(HONEYPOT_MAX_LENGTH).optional(),
})

export type ContactSubmission = z.infer<typeof contactSubmissionSchema>

/** The wizard checks one answer at a time with the same rules the server applies to the whole body. */
export function validateAnswer(field: ContactField, value: string) {
  const result = applicationAnswersSchema.shape[field].safeParse(value)
  return result.success
    ? ({ ok: true, value: result.data } as const)
    : ({ ok: false, message: result.error.issues[0]?.message ?? REQUIRED_MESSAGE } as const)
}

/** PostgREST path of the table, relative to the API base URL. */
export const CONTACT_SUBMISSIONS_PATH = '/rest/v1/contact_submissions'
