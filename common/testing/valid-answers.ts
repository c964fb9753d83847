import {
  applicationForm,
  type AnswersOf,
  type ApplicationForm,
  type FormDefinition,
  type FormField,
} from '../application-form.ts'

export interface ValidAnswersOptions<Form extends FormDefinition> {
  /** Put into every answer, so rows read back can be matched to what a test sent. */
  tag?: string
  /** The form to answer; the application's by default. */
  form?: Form
}

// Eight digits from the tag (FNV-1a), so two tags rarely share them.
function tagDigits(tag: string): number {
  let hash = 0x811c9dc5
  for (const char of tag) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0
  return hash % 100_000_000
}

// Short, so tests that type every answer stay quick; the key keeps each one distinct.
function answer(field: FormField, tag: string): string {
  const suffix = tag === '' ? '' : ` ${tag}`
  switch (field.kind) {
    case 'email': {
      const local = tag.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
      return `applicant${local === '' ? '' : `.${local}`}@example.com`
    }
    case 'tel':
      // A tagged application has its own number too: one phone shared by every test's leads would make each a
      // duplicate of all the others (an application with another lead's phone is marked "Applied again").
      return tag === ''
        ? '+44 20 7946 0958'
        : `+44 7700 ${String(tagDigits(tag))
            .padStart(8, '0')
            .replace(/^(\d{4})/, '$1 ')}`
    case 'long-text':
      return `Some ${field.key}, in a sentence or two${suffix}.`
    case 'text':
      return `My ${field.key}${suffix}`
  }
}

/**
 * A complete, valid application for tests of every kind (unit, server, e2e,
 * reliability, benchmarks): one answer per question of the form, made from
 * the question itself, then `overrides` (which may be anything, to build
 * invalid rows too).
 */
export function validAnswers<
  Overrides extends Record<string, unknown> = Record<never, never>,
  Form extends FormDefinition = ApplicationForm,
>(
  overrides?: Overrides,
  { tag = '', form = applicationForm as FormDefinition as Form }: ValidAnswersOptions<Form> = {},
): Omit<AnswersOf<Form>, keyof Overrides> & Overrides {
  const answers: Record<string, unknown> = {}
  for (const field of form) {
    const value = answer(field, tag)
    if (value.length > field.maxLength)
      throw new RangeError(`The tag makes the answer to ${field.key} longer than ${field.maxLength}.`)
    answers[field.key] = value
  }
  return { ...answers, ...overrides } as Omit<AnswersOf<Form>, keyof Overrides> & Overrides
}
