/**
 * What an email answer must look like to be mailed or linked: one plain
 * address, `local@domain.tld`, nothing around it. The page asks for this shape
 * before moving on, the inbox marks answers without it, and the server mails
 * only what also passes nodemailer's parser as exactly one bare address
 * (server/notify/applicant-address.ts). The server still stores any answer:
 * a lead is never lost over a typo. Kept free of imports, like the form's
 * definition that uses it.
 */

// The HTML standard's "valid e-mail address" (what a browser's type="email" checks), with one
// difference: the domain needs a dot, as a public address has one and "sam@gmail" is a typo.
const LOCAL = "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+"
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?'
const EMAIL_SHAPE = new RegExp(`^${LOCAL}@${LABEL}(?:\\.${LABEL})+$`)

/** Longest address SMTP carries (RFC 5321: a 256-octet path less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254

/** Whether `answer`, trimmed, is one plain address. */
export function isEmailAddress(answer: string): boolean {
  const trimmed = answer.trim()
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_SHAPE.test(trimmed)
}

/**
 * The address as opt-outs and the one-follow-up-per-address rule compare it:
 * trimmed and lower-cased (mail providers treat the local part without case;
 * two spellings of one inbox must not count as two people).
 */
export const normalisedEmail = (address: string) => address.trim().toLowerCase()
