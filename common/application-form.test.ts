import { describe, expect, it } from 'vitest'
import { applicationForm } from './application-form.ts'

// The one test that spells the questions out: everything else takes them from the definition.
describe('the application form', () => {
  it('asks the spec’s eight questions, in its order, with its labels, placeholders and inputs', () => {
    expect(applicationForm.map(({ key, label, placeholder, kind }) => [key, label, placeholder, kind])).toEqual([
      ['instagram', 'Instagram username', 'Please enter your instagram username', 'text'],
      ['name', 'Full name', 'Please enter your first and last name', 'text'],
      ['email', 'Email address', "We'll use this to send you follow-up information", 'email'],
      ['phone', 'Phone number', 'Include country code', 'tel'],
      [
        'business',
        'Business or niche',
        'What type of business are you running? e.g. e-commerce, coaching, SaaS, local service',
        'text',
      ],
      ['budget', 'Monthly marketing budget', 'How much are you ready to invest in marketing each month?', 'text'],
      ['revenue', 'Monthly revenue and profit', 'Please share approximate monthly revenue and profit figures', 'text'],
      [
        'challenges',
        'Biggest challenges',
        "Tell us about the key problems or bottlenecks you'd like us to help solve",
        'long-text',
      ],
    ])
  })

  it('bounds every answer generously (docs/decisions/009-answer-length-limits.md) and names only real autofill hints', () => {
    expect(Object.fromEntries(applicationForm.map((field) => [field.key, field.maxLength]))).toEqual({
      instagram: 200,
      name: 200,
      email: 320,
      phone: 50,
      business: 1000,
      budget: 1000,
      revenue: 1000,
      challenges: 5000,
    })
    expect(applicationForm.map((field) => ('autocomplete' in field ? field.autocomplete : undefined))).toEqual([
      'username',
      'name',
      'email',
      'tel',
      'organization-title',
      undefined,
      undefined,
      undefined,
    ])
  })

  it('uses keys that are plain column names, each once', () => {
    const keys = applicationForm.map((field) => field.key)
    expect(new Set(keys).size).toBe(keys.length)
    for (const key of keys) expect(key).toMatch(/^[a-z][a-z0-9_]{0,62}$/)
  })
})
