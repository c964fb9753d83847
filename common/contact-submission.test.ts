import { describe, expect, it } from 'vitest'
import {
  CONTACT_FIELDS,
  contactSubmissionSchema,
  FIELD_MAX_LENGTH,
  REQUIRED_MESSAGE,
  validateAnswer,
} from './contact-submission.ts'

const complete = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, `${field} answer`]))

describe('contactSubmissionSchema', () => {
  it('accepts eight answers and trims them', () => {
    const parsed = contactSubmissionSchema.parse({ ...complete, name: '  Jane Doe \n' })
    expect(parsed.name).toBe('Jane Doe')
    expect(Object.keys(parsed)).toEqual([...CONTACT_FIELDS])
  })

  it.each(CONTACT_FIELDS)('requires %s', (field) => {
    const { [field]: _omitted, ...rest } = complete
    expect(contactSubmissionSchema.safeParse(rest).success).toBe(false)
  })

  it('refuses unknown keys and non-text values', () => {
    expect(contactSubmissionSchema.safeParse({ ...complete, admin: true }).success).toBe(false)
    expect(contactSubmissionSchema.safeParse({ ...complete, phone: 447700900123 }).success).toBe(false)
  })

  it.each(CONTACT_FIELDS)('caps %s at its length limit', (field) => {
    const limit = FIELD_MAX_LENGTH[field]
    expect(contactSubmissionSchema.safeParse({ ...complete, [field]: 'x'.repeat(limit) }).success).toBe(true)
    expect(contactSubmissionSchema.safeParse({ ...complete, [field]: 'x'.repeat(limit + 1) }).success).toBe(false)
  })
})

describe('validateAnswer', () => {
  it.each(['', ' ', '\t\n  '])('rejects the blank answer %j with the spec message', (value) => {
    expect(validateAnswer('email', value)).toEqual({ ok: false, message: REQUIRED_MESSAGE })
  })

  it('accepts and trims a real answer', () => {
    expect(validateAnswer('email', ' jane@example.com ')).toEqual({ ok: true, value: 'jane@example.com' })
  })

  it('uses the spec wording', () => {
    expect(REQUIRED_MESSAGE).toBe('Please fill in this field before continuing.')
  })
})
