import { DIRECT_SOURCE } from '../../common/funnel-api.ts'
import {
  NO_CAMPAIGN,
  PAID_CLICK_IDS,
  PAID_MEDIUMS,
  type FunnelTouch,
  type MoneyLevel,
} from '../../common/funnel-sources-api.ts'
import type { Queryable, Row } from '../db/database.ts'
import { LEAD_BOOKED, LEAD_CALL_JOINS, LEAD_SHOWED } from './lead-outcomes.ts'

/** What the money table asks for: its level, and the source (and campaign) it drills into. */
export interface MoneyQuery {
  touch: FunnelTouch
  level: MoneyLevel
  source?: string | undefined
  paid?: boolean | undefined
  campaign?: string | undefined
}

/** One group's counts, as the database sums them; `current` tells the range from the period before. */
export interface LeadCounts extends Row {
  current: boolean
  key: string
  paid: boolean
  applications: string
  booked: string
  showed: string
  won: string
  /** Won amounts in CURRENCY, minor units. */
  revenue: string
}

const touchOf = (touch: FunnelTouch) =>
  touch === 'first' ? `s.attribution -> 'first_touch'` : `s.attribution -> 'last_touch'`
// lead_source and lead_first_source are indexed (migrations/009, 027): the drill-downs filter by them.
const sourceOf = (touch: FunnelTouch) =>
  touch === 'first' ? 'lead_first_source(s.attribution)' : 'lead_source(s.attribution)'
const nameOf = (touch: string, key: string) => `nullif(${touch} ->> '${key}', '')`

/**
 * The leads of [start, end) that were not spam, grouped by the level's key and
 * paid, each marked `current` when it applied at or after `split`: both
 * periods in one read. Booked and showed are the funnel's (lead-outcomes.ts);
 * won and revenue read the latest outcome, revenue only in `currency`.
 */
export async function countLeads(
  db: Queryable,
  query: MoneyQuery,
  bounds: { start: string; split: string; end: string },
  currency: string,
): Promise<LeadCounts[]> {
  const touch = touchOf(query.touch)
  const source = sourceOf(query.touch)
  const medium = `lower(btrim(${touch} ->> 'utm_medium'))`
  const paid = `(coalesce(${touch} ?| $5::text[], false) OR coalesce(${medium} = ANY($6::text[]) OR ${medium} LIKE 'paid%', false))`
  const params: unknown[] = [bounds.start, bounds.split, bounds.end, currency, [...PAID_CLICK_IDS], [...PAID_MEDIUMS]]
  const next = (value: unknown) => `$${params.push(value)}`
  const conditions: string[] = []
  if (query.level !== 'source') {
    conditions.push(query.source === DIRECT_SOURCE ? `${source} IS NULL` : `${source} = ${next(query.source)}`)
    conditions.push(`${paid} = ${next(query.paid === true)}`)
  }
  if (query.level === 'ad') {
    const campaign = nameOf(touch, 'utm_campaign')
    conditions.push(query.campaign === NO_CAMPAIGN ? `${campaign} IS NULL` : `${campaign} = ${next(query.campaign)}`)
  }
  const key =
    query.level === 'source'
      ? `coalesce(${source}, ${next(DIRECT_SOURCE)})`
      : `coalesce(${nameOf(touch, query.level === 'campaign' ? 'utm_campaign' : 'utm_content')}, ${next(NO_CAMPAIGN)})`
  return db.query<LeadCounts>(
    `SELECT s.created_at >= $2::timestamptz AS current, ${key} AS key, ${paid} AS paid,
       count(*)::text AS applications,
       count(*) FILTER (WHERE ${LEAD_BOOKED})::text AS booked,
       count(*) FILTER (WHERE ${LEAD_SHOWED})::text AS showed,
       count(*) FILTER (WHERE o.outcome = 'won')::text AS won,
       coalesce(sum(o.amount_minor) FILTER (WHERE o.outcome = 'won' AND o.currency = $4), 0)::text AS revenue
     FROM contact_submissions s
     ${LEAD_CALL_JOINS}
     WHERE NOT s.spam AND s.created_at >= $1::timestamptz AND s.created_at < $3::timestamptz
       ${conditions.map((condition) => `AND ${condition}`).join(' ')}
     GROUP BY 1, 2, 3`,
    params,
  )
}

export interface SpendSum extends Row {
  current: boolean
  /** The source (source level) or the campaign ('' for spend entered for the whole source). */
  key: string
  /** Minor units, rounded once per row. */
  spend: string
}

/**
 * Spend per source (or, for one source, per campaign) in each period. A
 * day's row counts when its day is in the period; a month's, pro rata to its
 * days inside the period (a month of 31 days with 10 in the range counts 10/31).
 */
export async function sumSpend(
  db: Queryable,
  periods: { from: string; to: string; previousFrom: string; previousTo: string },
  source: string | undefined,
): Promise<SpendSum[]> {
  const params: unknown[] = [periods.previousFrom, periods.previousTo, periods.from, periods.to]
  const filter = source === undefined ? '' : `AND source = $${params.push(source)}`
  return db.query<SpendSum>(
    `WITH spans AS (
       SELECT source, campaign, amount_minor, day AS first_day,
         CASE per WHEN 'day' THEN day ELSE (day + interval '1 month')::date - 1 END AS last_day
       FROM ad_spend WHERE day <= $4::date AND day >= $1::date - 31 ${filter}
     )
     SELECT p.current, ${source === undefined ? 'x.source' : 'x.campaign'} AS key,
       round(sum(x.amount_minor::numeric * (least(x.last_day, p.last_day) - greatest(x.first_day, p.first_day) + 1)
         / (x.last_day - x.first_day + 1)))::text AS spend
     FROM spans x
     JOIN (VALUES (true, $3::date, $4::date), (false, $1::date, $2::date)) p (current, first_day, last_day)
       ON x.first_day <= p.last_day AND x.last_day >= p.first_day
     GROUP BY 1, 2`,
    params,
  )
}
