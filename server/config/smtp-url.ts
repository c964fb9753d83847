import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import type { SMTPTransportOptions } from 'nodemailer'
import { z } from 'zod'

/**
 * How the connection to the SMTP server is protected: `implicit` is smtps://,
 * TLS from the first byte; `required` is smtp:// upgraded with STARTTLS, or
 * nothing is sent; `optional` is smtp:// upgraded when the server offers
 * STARTTLS and cleartext otherwise.
 */
export type SmtpTls = 'implicit' | 'required' | 'optional'

const SHAPE = 'must be smtp://user:password@host:port or smtps://… (TLS from the start)'

/**
 * A cleartext hop that never leaves this machine has no one on the path to
 * read it; everything else may. Only canonical spellings count, so anything
 * unusual falls on the safe side.
 */
function isLoopbackHost(host: string): boolean {
  if (host.toLowerCase() === 'localhost') return true
  const family = isIP(host)
  if (family === 4) return ipaddr.IPv4.isValidFourPartDecimal(host) && ipaddr.IPv4.parse(host).range() === 'loopback'
  if (family === 6) return ipaddr.IPv6.isValid(host) && ipaddr.process(host).range() === 'loopback'
  return false
}

// The hostname of a non-special URL keeps IPv6's brackets.
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1')

/**
 * What is wrong with an SMTP_URL, or undefined. Never repeats the value: it
 * holds the password.
 */
export function smtpUrlProblem(value: string): string | undefined {
  if (!URL.canParse(value)) return SHAPE
  const url = new URL(value)
  if (!['smtp:', 'smtps:'].includes(url.protocol) || url.hostname === '') return SHAPE
  const tls = url.searchParams.getAll('tls')
  if (tls.length > 1 || (tls.length === 1 && tls[0] !== 'required' && tls[0] !== 'optional')) {
    return 'tls= must be required or optional, once (smtp:// needs STARTTLS unless the host is loopback or ?tls=optional says otherwise)'
  }
  if (url.protocol === 'smtps:' && tls[0] === 'optional')
    return 'tls=optional is for smtp:// only: smtps:// is TLS from the start'
  return undefined
}

/**
 * The protection an SMTP_URL gets: smtps:// is TLS from the start; smtp://
 * must be upgraded with STARTTLS unless its host is loopback (then STARTTLS
 * is used when offered) or the URL says ?tls=optional. ?tls=required asks for
 * STARTTLS even on loopback.
 */
export function smtpTls(url: URL): SmtpTls {
  if (url.protocol === 'smtps:') return 'implicit'
  const asked = url.searchParams.get('tls')
  if (asked === 'required' || asked === 'optional') return asked
  return isLoopbackHost(hostOf(url)) ? 'optional' : 'required'
}

/** SMTP_URL's schema: refused with what smtpUrlProblem says. */
export const smtpUrl = z.string().superRefine((value, context) => {
  const problem = smtpUrlProblem(value)
  if (problem !== undefined) context.addIssue({ code: 'custom', message: problem })
})

/** nodemailer's options for an SMTP_URL; throws on one that smtpUrlProblem refuses. */
export function smtpTransportOptions(smtpUrl: string): SMTPTransportOptions {
  const problem = smtpUrlProblem(smtpUrl)
  if (problem !== undefined) throw new Error(`SMTP_URL: ${problem}`)
  const url = new URL(smtpUrl)
  const tls = smtpTls(url)
  return {
    host: hostOf(url),
    port: url.port === '' ? (tls === 'implicit' ? 465 : 587) : Number(url.port),
    secure: tls === 'implicit',
    // Without it a server (or whoever sits on the path) that does not offer STARTTLS gets AUTH and every answer in cleartext.
    requireTLS: tls === 'required',
    tls: { minVersion: 'TLSv1.2' },
    ...(url.username !== '' && {
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    }),
  }
}
