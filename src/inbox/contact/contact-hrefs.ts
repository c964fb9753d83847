import { isEmailAddress } from '../../../common/email-address.ts'

/**
 * Where a lead's answers lead: a call, an email, their Instagram profile.
 * Answers are typed by visitors, so each is checked before it becomes a link;
 * one that cannot be dialled, mailed or opened gets no link at all.
 */

/** `tel:` with the digits and a leading +, when there are enough digits to dial. */
export function telHref(phone: string): string | undefined {
  const trimmed = phone.trim()
  const digits = trimmed.replace(/\D/g, '')
  if (digits.length < 5 || digits.length > 20) return undefined
  return `tel:${trimmed.startsWith('+') || trimmed.startsWith('00') ? '+' : ''}${trimmed.startsWith('00') ? digits.slice(2) : digits}`
}

/**
 * `mailto:` for one plain address, in the shape the page asks for
 * (common/email-address.ts); any other character is escaped so the link
 * cannot carry a subject or a copy.
 */
export function mailtoHref(email: string): string | undefined {
  const trimmed = email.trim()
  if (!isEmailAddress(trimmed)) return undefined
  return `mailto:${encodeURIComponent(trimmed).replace('%40', '@')}`
}

/** The handle as Instagram spells it, from "@name", "name" or a profile address. */
export function instagramHandle(answer: string): string | undefined {
  const handle = answer
    .trim()
    .replace(/^(https?:\/\/)?(www\.)?instagram\.com\//i, '')
    .replace(/^@/, '')
    .replace(/[/?#].*$/, '')
  return /^[A-Za-z0-9._]{1,30}$/.test(handle) ? handle : undefined
}

/** The profile's address on Instagram. */
export function instagramHref(answer: string): string | undefined {
  const handle = instagramHandle(answer)
  return handle === undefined ? undefined : `https://www.instagram.com/${handle}/`
}
