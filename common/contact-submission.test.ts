import { describe, expect, it } from 'vitest'
import { CONTACT_FIELDS, FIELD_MAX_LENGTH } from './application-form.ts'
import { applicationAnswersSchema, contactSubmissionSchema, submittedColumns } from './contact-submission.ts'
import { validAnswers } from './testing/valid-answers.ts'

const complete = validAnswers()

describe('contactSubmissionSchema', () => {
  it('accepts the answers, trims them and keeps the form’s order', () => {
    const parsed = contactSubmissionSchema.parse({ ...complete, name: '  Jane Doe \n' })
    expect(parsed.name).toBe('Jane Doe')
    expect(Object.keys(parsed)).toEqual([...CONTACT_FIELDS])
  })

  it.each(CONTACT_FIELDS)('requires %s, and refuses it blank', (field) => {
    const { [field]: _omitted, ...rest } = complete
    expect(contactSubmissionSchema.safeParse(rest).success).toBe(false)
    for (const blank of ['', ' ', '\t\n  ']) {
      expect(applicationAnswersSchema.shape[field].safeParse(blank).success).toBe(false)
    }
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

  it('takes a submission id and the honeypot besides the answers, both optional', () => {
    const id = '3f0c1b8e-8a51-4c9e-9d3a-6a2b1e0f4c7d'
    expect(contactSubmissionSchema.safeParse({ ...complete, submission_id: id, _gotcha: '' }).success).toBe(true)
    expect(contactSubmissionSchema.safeParse({ ...complete, submission_id: 'not-a-uuid' }).success).toBe(false)
    expect(submittedColumns()).toEqual([...CONTACT_FIELDS, 'submission_id', '_gotcha', 'attribution'])
  })
})
