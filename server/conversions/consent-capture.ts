import { isIP } from 'node:net'
import { adsConsentWords, IMPLIED_CONSENT_WORDS } from '../../common/ads-consent.ts'
import type { ConsentSettings } from './consent-config.ts'

/** The longest of each kept, as migrations/031 bounds them. */
export const USER_AGENT_MAX_LENGTH = 1024
export const LANDING_URL_MAX_LENGTH = 2048
const CLIENT_IP_MAX_LENGTH = 64

/** What an application's insert records beside it when the visitor consented: lead_ad_consents' row. */
export interface CapturedConsent {
  words: string
  clientIp: string | null
  userAgent: string | null
  landingUrl: string | null
  /** Recorded only if the application is not spam (implied consent is for leads). */
  leadsOnly: boolean
}

/** The parts of the insert request the consent reads. */
export interface ConsentRequest {
  /** Fastify's request.ip: the peer, or X-Forwarded-For's client as far as TRUST_PROXY believes it. */
  ip: string
  headers: { 'user-agent'?: string | undefined; referer?: string | undefined }
}

/**
 * What to record beside this application, or nothing: with no platform on,
 * nothing at all (there is nobody to tell); under `implied`, consent for every
 * lead; under `checkbox`, only for `ads_consent: true` (the box ticked), any
 * other value being no consent. Never refuses: a value it cannot keep is cut
 * or left out, and the application is stored either way.
 */
export function captureConsent(
  settings: ConsentSettings,
  request: ConsentRequest,
  adsConsent: unknown,
): CapturedConsent | undefined {
  if (settings.platforms.length === 0) return undefined
  const implied = settings.mode === 'implied'
  if (!implied && adsConsent !== true) return undefined
  return {
    words: implied ? IMPLIED_CONSENT_WORDS : adsConsentWords(settings.platforms),
    clientIp: clientIp(request.ip),
    userAgent: cut(request.headers['user-agent'], USER_AGENT_MAX_LENGTH),
    landingUrl: landingUrl(request.headers.referer),
    leadsOnly: implied,
  }
}

// Only an address: a trusted proxy could forward anything in X-Forwarded-For.
const clientIp = (ip: string) => (isIP(ip) !== 0 && ip.length <= CLIENT_IP_MAX_LENGTH ? ip : null)

function cut(value: string | undefined, max: number) {
  const trimmed = value?.trim()
  return trimmed ? trimmed.slice(0, max) : null
}

/**
 * The page the visitor applied on, as their browser sent it: the insert's
 * Referer, which the page's Referrer-Policy (strict-origin-when-cross-origin)
 * lets carry the whole address to its own server. Kept as sent when it is an
 * http(s) URL, cut after its first 2,048 characters (a cut address still names
 * the page: its path comes first); anything else is left out.
 */
function landingUrl(referer: string | undefined) {
  const sent = referer?.trim()
  if (!sent || !URL.canParse(sent)) return null
  const { protocol } = new URL(sent)
  if (protocol !== 'https:' && protocol !== 'http:') return null
  return sent.slice(0, LANDING_URL_MAX_LENGTH)
}

/**
 * The consent's row as a data-modifying WITH item (`consented AS (INSERT …)`),
 * reading the new application's id (and spam flag) from the WITH item `source`:
 * it runs in the insert's own statement, so the application and its consent
 * are stored together or not at all. Its parameters follow the insert's,
 * numbered from `firstParam`.
 */
export function consentWithItem(consent: CapturedConsent, source: string, firstParam: number) {
  const at = (offset: number) => `$${firstParam + offset}`
  const sql =
    `consented AS (INSERT INTO lead_ad_consents (application_id, words, client_ip, user_agent, landing_url) ` +
    `SELECT id, ${at(0)}, ${at(1)}, ${at(2)}, ${at(3)} FROM ${source}${consent.leadsOnly ? ' WHERE NOT spam' : ''})`
  return { sql, params: [consent.words, consent.clientIp, consent.userAgent, consent.landingUrl] }
}
