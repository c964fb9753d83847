import { createHash } from 'node:crypto'
import addressparser from 'nodemailer/lib/addressparser'
import { isEmailAddress, normalisedEmail } from '../../common/email-address.ts'

/** Where mail to an applicant may go, or why none may. */
export type ApplicantAddress =
  | {
      ok: true
      address: string
      /** SHA-256 of the address trimmed and lower-cased, as opt-outs and claims keep it. */ sha256: string
    }
  | { ok: false; reason: string }

/** SHA-256, in hex, of the normalised address: what opt-outs and follow-up claims compare. */
export const addressSha256 = (address: string) =>
  createHash('sha256').update(normalisedEmail(address), 'utf8').digest('hex')

const refused = (what: string): ApplicantAddress => ({
  ok: false,
  reason: `the email answer ${what}; mail goes to one plain address only`,
})

/**
 * The one address an email to an applicant may go to. The answer is typed by
 * anyone: read as an address field it can name a list ("a@x, b@y"), a group,
 * or show one name while mailing another (`"victim@bank.test" <attacker@evil.test>`).
 * So it is read with nodemailer's own parser, the one its sending uses, and
 * must be exactly one bare address, with nothing around it but spaces, in the
 * shape the page asks for. Anything else gets no mail, with the reason.
 */
export function applicantAddress(answer: string | undefined): ApplicantAddress {
  const trimmed = (answer ?? '').trim()
  if (trimmed === '') return refused('is blank')
  const entries = addressparser(trimmed)
  if (entries.length > 1) return refused(`names ${entries.length} addresses`)
  const [entry] = entries
  if (entry === undefined || entry.group !== undefined)
    return refused(entry === undefined ? 'names no address' : 'is an address group')
  if (entry.address === '') return refused('is not an email address')
  if (entry.name !== '') return refused('adds a name or a comment to the address')
  if (entry.address !== trimmed) return refused('is not a bare address')
  if (!isEmailAddress(entry.address)) return refused('is not a valid email address')
  return { ok: true, address: entry.address, sha256: addressSha256(entry.address) }
}
