import { describe, expect, it } from 'vitest'
import { googleDateTime, unixSeconds } from './event-times.ts'
import { hashedEmail, hashedPhone, metaFbc, normaliseEmail, normalisePhone } from './match-keys.ts'

// The vectors of the ad platforms' contract (Meta's "Customer information parameters", Google's
// "Enhanced conversions for leads" normalisation, TikTok's Events API 2.0 user parameters).
describe('normalisation before hashing', () => {
  it.each(['meta', 'google', 'tiktok'] as const)('trims and lower-cases an email for %s', (platform) => {
    expect(normaliseEmail(platform, '  John.Doe@Example.COM ')).toBe('john.doe@example.com')
  })

  it('drops the dots of a Gmail name for Google only', () => {
    expect(normaliseEmail('google', 'j.o.h.n@gmail.com')).toBe('john@gmail.com')
    expect(normaliseEmail('google', 'J.O.H.N@GoogleMail.com')).toBe('john@googlemail.com')
    expect(normaliseEmail('google', 'j.o.h.n@example.com')).toBe('j.o.h.n@example.com')
    expect(normaliseEmail('meta', 'j.o.h.n@gmail.com')).toBe('j.o.h.n@gmail.com')
    expect(normaliseEmail('tiktok', 'j.o.h.n@gmail.com')).toBe('j.o.h.n@gmail.com')
  })

  it('writes a phone without its + for Meta and in E.164 with + for Google and TikTok', () => {
    expect(normalisePhone('meta', '+44 844 412 4653')).toBe('448444124653')
    expect(normalisePhone('google', '+44 844 412 4653')).toBe('+448444124653')
    expect(normalisePhone('tiktok', '+44 844 412 4653')).toBe('+448444124653')
    expect(normalisePhone('meta', '0044 (844) 412-4653')).toBe('448444124653')
    expect(normalisePhone('google', 'no digits')).toBe('')
  })

  it('hashes with SHA-256 into lower-case hex, the same bytes for the same person on every platform', () => {
    expect(hashedEmail('meta', '  John.Doe@Example.COM ')).toBe(
      '836f82db99121b3481011f16b49dfa5fbc714a0d1b1b9f784a1ebbbf5b39577f',
    )
    expect(hashedEmail('google', 'j.o.h.n@gmail.com')).toBe(
      '142d78e466cacab37c3751a6ba0d288ce40db609ce9c49617ea6b24665f1aa9c',
    )
    expect(hashedEmail('tiktok', 'j.o.h.n@gmail.com')).toBe(
      '6e40ce239d40ae2d17ae2be97c08125e7444b315e9e16d2090d660a8a0cc39ad',
    )
    expect(hashedPhone('meta', '+44 844 412 4653')).toBe(
      'dc008fda46e2e64002cf2f82a4906236282d431c4f75e5b60bfe79fc48546383',
    )
    expect(hashedPhone('google', '+44 844 412 4653')).toBe(
      '11f9231a47ccfd680a60606f73702bc2c0fb065a7f55c482269e51d9f9e868ae',
    )
  })

  it('passes on a value already 64 hex characters, lower-cased, without hashing it again', () => {
    const hash = '836F82DB99121B3481011F16B49DFA5FBC714A0D1B1B9F784A1EBBBF5B39577F'
    expect(hashedEmail('meta', hash)).toBe(hash.toLowerCase())
    expect(hashedPhone('google', ` ${hash.toLowerCase()} `)).toBe(hash.toLowerCase())
  })

  it('sends no key for an empty email or a phone without digits', () => {
    expect(hashedEmail('meta', '   ')).toBeUndefined()
    expect(hashedPhone('tiktok', '---')).toBeUndefined()
    expect(hashedEmail('google', undefined)).toBeUndefined()
  })
})

describe('click ids and times', () => {
  it('builds fbc from the capture time in milliseconds and the fbclid exactly as it came', () => {
    const fbclid = 'IwAR2F4-dbP0l7Mn1IawQQGCINEz7PYXQvwjNwB_qa2ofrHyiLjcbCRxTDMgk'
    expect(metaFbc(fbclid, new Date(1_764_320_400_123))).toBe(`fb.1.1764320400123.${fbclid}`)
  })

  it("writes Google's time with the agency zone's offset of the day, or +00:00 in UTC", () => {
    const summer = new Date('2026-07-01T12:34:56.789Z')
    expect(googleDateTime(summer, 'Europe/Paris')).toBe('2026-07-01 14:34:56+02:00')
    expect(googleDateTime(new Date('2026-11-28T12:00:00Z'), 'Europe/Paris')).toBe('2026-11-28 13:00:00+01:00')
    expect(googleDateTime(summer, 'America/New_York')).toBe('2026-07-01 08:34:56-04:00')
    expect(googleDateTime(summer, 'Asia/Kolkata')).toBe('2026-07-01 18:04:56+05:30')
    expect(googleDateTime(summer, 'UTC')).toBe('2026-07-01 12:34:56+00:00')
  })

  it('gives event times in unix seconds, never ahead of the clock', () => {
    const now = new Date('2026-11-28T10:00:00Z')
    expect(unixSeconds(new Date('2026-11-28T09:00:00.900Z'), now)).toBe(Date.parse('2026-11-28T09:00:00Z') / 1000)
    expect(unixSeconds(new Date('2026-11-28T10:05:00Z'), now)).toBe(now.getTime() / 1000)
  })
})
