import { createHash } from 'node:crypto'
import type { AdPlatform } from './types.ts'

/**
 * Email and phone as each platform hashes them (DESIGN "Ad platforms", the
 * platforms' own normalisation rules): the differences are Google's Gmail dots
 * and Meta's phone without its `+`.
 */

const SHA256_HEX = /^[0-9a-f]{64}$/i

export const isSha256Hex = (value: string) => SHA256_HEX.test(value)

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

// Google matches Gmail addresses with the dots of the name removed, as Gmail delivers them.
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com'])

/** The email as `platform` hashes it; empty when there is nothing to match on. */
export function normaliseEmail(platform: AdPlatform, email: string): string {
  const address = email.trim().toLowerCase()
  if (platform !== 'google') return address
  const at = address.lastIndexOf('@')
  if (at < 1 || !GMAIL_DOMAINS.has(address.slice(at + 1))) return address
  return `${address.slice(0, at).replaceAll('.', '')}${address.slice(at)}`
}

/**
 * The phone as `platform` hashes it: its digits with the country code, leading
 * zeros (an international `00` prefix) dropped; `+` first for Google and TikTok
 * (E.164), none for Meta. Empty when it has no digits.
 */
export function normalisePhone(platform: AdPlatform, phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^0+/, '')
  if (digits === '') return ''
  return platform === 'meta' ? digits : `+${digits}`
}

/** SHA-256 hex of the normalised value; a value already 64 hex characters is passed on (lower-cased), not hashed again. */
function hashed(value: string | undefined, normalise: (raw: string) => string): string | undefined {
  if (value === undefined) return undefined
  const trimmed = value.trim()
  if (isSha256Hex(trimmed)) return trimmed.toLowerCase()
  const plain = normalise(trimmed)
  return plain === '' ? undefined : sha256Hex(plain)
}

export const hashedEmail = (platform: AdPlatform, email: string | undefined) =>
  hashed(email, (raw) => normaliseEmail(platform, raw))

export const hashedPhone = (platform: AdPlatform, phone: string | undefined) =>
  hashed(phone, (raw) => normalisePhone(platform, raw))

/**
 * Meta's `fbc`: `fb.1.<capture time in milliseconds>.<fbclid>`, the click id
 * exactly as it arrived (cut or re-cased, Meta reads it as modified).
 */
export const metaFbc = (fbclid: string, capturedAt: Date) => `fb.1.${capturedAt.getTime()}.${fbclid}`
