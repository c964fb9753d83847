import type { Attribution } from '../../common/attribution.ts'
import { arrayLiteral } from '../db/array-literal.ts'
import type { Queryable } from '../db/database.ts'

/**
 * What a conversion of a lead may be sent with, as stored: its consent and
 * the keys the platforms match it by. The sender normalises and hashes them
 * per platform; nothing here is hashed or changed.
 */
export interface LeadMatchKeys {
  applicationId: number
  /** The application's submission_id: the event ids are `<submissionId>:<stage>`. */
  submissionId: string
  /** When the lead applied (the conversion time of the `application` stage). */
  appliedAt: Date
  consent: {
    givenAt: Date
    /** The words shown beside the ticked box, or 'implied' (CONVERSIONS_CONSENT=implied). */
    words: string
  }
  /** The insert request's client address, through TRUST_PROXY; null when it was none. */
  clientIp: string | null
  userAgent: string | null
  /** The page the lead applied on (the insert's Referer), as sent. */
  landingUrl: string | null
  /** The answers, as typed. */
  email: string
  phone: string
  /** The first and last touch, with their click ids and captured_at, as stored; null without. */
  attribution: Attribution | null
}

interface MatchKeysRow {
  application_id: string
  submission_id: string
  applied_at: Date
  given_at: Date
  words: string
  client_ip: string | null
  user_agent: string | null
  landing_url: string | null
  email: string
  phone: string
  attribution: Attribution | string | null
}

/**
 * The match keys of those of `applicationIds` that are leads with consent, by
 * application id; a lead without consent (or spam, or erased) is not in the
 * map, and nothing may be sent for it. One query for a whole batch.
 */
export async function readMatchKeys(
  db: Queryable,
  applicationIds: readonly number[],
): Promise<Map<number, LeadMatchKeys>> {
  if (applicationIds.length === 0) return new Map()
  const rows = await db.query<MatchKeysRow & Record<string, unknown>>(
    `SELECT c.application_id::text AS application_id, s.submission_id::text AS submission_id,
            s.created_at AS applied_at, c.given_at, c.words, c.client_ip, c.user_agent, c.landing_url,
            s.email, s.phone, s.attribution
     FROM lead_ad_consents c JOIN contact_submissions s ON s.id = c.application_id
     WHERE c.application_id = ANY($1::bigint[]) AND NOT s.spam`,
    [arrayLiteral(applicationIds.map((id) => Math.trunc(id)))],
  )
  return new Map(rows.map((row) => [Number(row.application_id), toMatchKeys(row)]))
}

/** One lead's match keys, or undefined when nothing may be sent for it. */
export async function readLeadMatchKeys(db: Queryable, applicationId: number): Promise<LeadMatchKeys | undefined> {
  return (await readMatchKeys(db, [applicationId])).get(applicationId)
}

function toMatchKeys(row: MatchKeysRow): LeadMatchKeys {
  return {
    applicationId: Number(row.application_id),
    submissionId: row.submission_id,
    appliedAt: new Date(row.applied_at),
    consent: { givenAt: new Date(row.given_at), words: row.words },
    clientIp: row.client_ip,
    userAgent: row.user_agent,
    landingUrl: row.landing_url,
    email: row.email,
    phone: row.phone,
    // jsonb comes back parsed from node-postgres and PGlite alike; a string is parsed here to be sure.
    attribution: typeof row.attribution === 'string' ? (JSON.parse(row.attribution) as Attribution) : row.attribution,
  }
}
