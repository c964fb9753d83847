import { describe, expect, it } from 'vitest'
import { isEmailAddress, normalisedEmail } from './email-address.ts'

describe('isEmailAddress', () => {
  it.each(['ada@example.com', ' ada@example.com ', 'a.b+ads@mail.example.co.uk', "o'brien@example.ie", 'x@a-b.io'])(
    'takes %s',
    (answer) => {
      expect(isEmailAddress(answer)).toBe(true)
    },
  )

  it.each([
    'samrivera.gmail.com',
    'sam@gmail',
    'sam@@gmail.com',
    'sam rivera@gmail.com',
    '<sam@gmail.com>',
    'sam@gmail.com,',
    'Friend <sam@gmail.com>',
    '"victim@bank.test" <attacker@evil.test>',
    'a@x.io,b@x.io',
    'friends: a@x.io;',
    'sam@-gmail.com',
    `${'a'.repeat(250)}@x.io`,
  ])('refuses %s', (answer) => {
    expect(isEmailAddress(answer)).toBe(false)
  })
})

it('normalises an address as opt-outs compare it: trimmed and lower-cased', () => {
  expect(normalisedEmail('  Sam.Rivera@Gmail.COM\t')).toBe('sam.rivera@gmail.com')
})
