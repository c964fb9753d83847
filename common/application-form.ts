/**
 * The application form, written once. The wizard's questions, the schema the
 * page and the server share, the server's columns, the export, Supabase's
 * column grant and every test's answers are derived from this list; a new
 * question is an entry here and a migration adding its column (see
 * docs/decisions/016-one-definition-of-the-form.md). Kept free of the schema
 * library: the page may read it without loading zod.
 */
import { isEmailAddress } from './email-address.ts'

/** How the question is asked: one line of a given type, or a long answer over several lines. */
export type FieldKind = 'text' | 'email' | 'tel' | 'long-text'

export interface FormField {
  /** The answer's name in the request body and its column in contact_submissions. */
  readonly key: string
  /** The question, as the visitor and a screen reader read it. */
  readonly label: string
  readonly placeholder: string
  readonly kind: FieldKind
  /**
   * Upper bound on the answer, in UTF-16 code units: what an input's maxlength
   * and String.length count, so the page and the server agree (an emoji or a
   * rare CJK character takes two). The column's CHECK constraint holds the same
   * number in code points, so it never refuses what the server accepts.
   */
  readonly maxLength: number
  /** The browser's autofill hint; none turns autofill off for the question. */
  readonly autocomplete?: string
  /**
   * A shape the page asks of the answer before moving on, and what it tells
   * the visitor when the answer lacks it. Only the page checks it: the server
   * stores the application as sent, so a typo never loses a lead.
   */
  readonly shape?: FieldShape
}

export interface FieldShape {
  readonly accepts: (answer: string) => boolean
  /** Shown under the question, in place of a generic refusal. */
  readonly message: string
}

/** The questions, in the order they are asked: a field's place in the list is its place in the form. */
export type FormDefinition = readonly FormField[]

export const applicationForm = [
  {
    key: 'instagram',
    label: 'Instagram username',
    placeholder: 'Please enter your instagram username',
    kind: 'text',
    maxLength: 200,
    autocomplete: 'username',
  },
  {
    key: 'name',
    label: 'Full name',
    placeholder: 'Please enter your first and last name',
    kind: 'text',
    maxLength: 200,
    autocomplete: 'name',
  },
  {
    key: 'email',
    label: 'Email address',
    placeholder: "We'll use this to send you follow-up information",
    kind: 'email',
    maxLength: 320,
    autocomplete: 'email',
    shape: { accepts: isEmailAddress, message: 'Please enter a valid email address, like name@example.com.' },
  },
  {
    key: 'phone',
    label: 'Phone number',
    placeholder: 'Include country code',
    kind: 'tel',
    maxLength: 50,
    autocomplete: 'tel',
  },
  {
    key: 'business',
    label: 'Business or niche',
    placeholder: 'What type of business are you running? e.g. e-commerce, coaching, SaaS, local service',
    kind: 'text',
    maxLength: 1000,
    autocomplete: 'organization-title',
  },
  {
    key: 'budget',
    label: 'Monthly marketing budget',
    placeholder: 'How much are you ready to invest in marketing each month?',
    kind: 'text',
    maxLength: 1000,
  },
  {
    key: 'revenue',
    label: 'Monthly revenue and profit',
    placeholder: 'Please share approximate monthly revenue and profit figures',
    kind: 'text',
    maxLength: 1000,
  },
  {
    key: 'challenges',
    label: 'Biggest challenges',
    placeholder: "Tell us about the key problems or bottlenecks you'd like us to help solve",
    kind: 'long-text',
    maxLength: 5000,
  },
] as const satisfies FormDefinition

export type ApplicationForm = typeof applicationForm

/** The keys of a form's questions. */
export type FieldKey<Form extends FormDefinition> = Form[number]['key']

/** One answer per question of a form. */
export type AnswersOf<Form extends FormDefinition> = Record<FieldKey<Form>, string>

export type ContactField = FieldKey<ApplicationForm>
export type ApplicationAnswers = AnswersOf<ApplicationForm>

export const fieldKeys = <Form extends FormDefinition>(form: Form) => form.map((field) => field.key) as FieldKey<Form>[]

/** The application's answers, in the order they are asked. */
export const CONTACT_FIELDS: readonly ContactField[] = fieldKeys(applicationForm)

export const FIELD_MAX_LENGTH = Object.fromEntries(
  applicationForm.map((field) => [field.key, field.maxLength]),
) as Readonly<Record<ContactField, number>>
