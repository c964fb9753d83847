import { DIRECT_SOURCE } from '../../common/funnel-api.ts'
import { NO_CAMPAIGN, type FunnelTouch, type MoneyLevel } from '../../common/funnel-sources-api.ts'
import type { Queryable, Row } from '../db/database.ts'
import { LEAD_BOOKED, LEAD_SHOWED } from './lead-outcomes.ts'

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
  /** Of the won, those whose amount is in CURRENCY: what revenue sums. */
  won_priced: string
  /** Won amounts in CURRENCY, minor units. */
  revenue: string
}

/** funnel_leads' columns of a touch (migrations/030): its source, paid, campaign and ad. */
const columnsOf = (touch: FunnelTouch) => {
  const prefix = touch === 'first' ? 'f.first_' : 'f.last_'
  return { source: `${prefix}source`, paid: `${prefix}paid`, campaign: `${prefix}campaign`, ad: `${prefix}ad` }
}

/**
 * The leads of [start, end), grouped by the level's key and paid, each marked
 * `current` when it applied at or after `split`: both periods in one read of
 * funnel_leads, a drill-down's by its source index. Booked and showed are the
 * funnel's (lead-outcomes.ts); won and revenue read the latest outcome,
 * revenue only in `currency`.
 */
export async function countLeads(
  db: Queryable,
  query: MoneyQuery,
  bounds: { start: string; split: string; end: string },
  currency: string,
): Promise<LeadCounts[]> {
  const touch = columnsOf(query.touch)
  const params: unknown[] = [bounds.start, bounds.split, bounds.end, currency]
  const next = (value: unknown) => `$${params.push(value)}`
  const conditions: string[] = []
  if (query.level !== 'source') {
    conditions.push(
      query.source === DIRECT_SOURCE ? `${touch.source} IS NULL` : `${touch.source} = ${next(query.source)}`,
    )
    conditions.push(`${touch.paid} = ${next(query.paid === true)}`)
  }
  if (query.level === 'ad') {
    conditions.push(
      query.campaign === NO_CAMPAIGN ? `${touch.campaign} IS NULL` : `${touch.campaign} = ${next(query.campaign)}`,
    )
  }
  const key =
    query.level === 'source'
      ? `coalesce(${touch.source}, ${next(DIRECT_SOURCE)})`
      : `coalesce(${query.level === 'campaign' ? touch.campaign : touch.ad}, ${next(NO_CAMPAIGN)})`
  return db.query<LeadCounts>(
    `SELECT f.applied_at >= $2::timestamptz AS current, ${key} AS key, ${touch.paid} AS paid,
       count(*)::text AS applications,
       count(*) FILTER (WHERE ${LEAD_BOOKED})::text AS booked,
       count(*) FILTER (WHERE ${LEAD_SHOWED})::text AS showed,
       count(*) FILTER (WHERE f.outcome = 'won')::text AS won,
       count(*) FILTER (WHERE f.outcome = 'won' AND f.won_currency = $4)::text AS won_priced,
       coalesce(sum(f.won_minor) FILTER (WHERE f.outcome = 'won' AND f.won_currency = $4), 0)::text AS revenue
     FROM funnel_leads f
     WHERE f.applied_at >= $1::timestamptz AND f.applied_at < $3::timestamptz
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
 * Only rows in `currency`: one kept from when CURRENCY was another is no
 * amount of this one (there are no exchange rates).
 */
export async function sumSpend(
  db: Queryable,
  periods: { from: string; to: string; previousFrom: string; previousTo: string },
  source: string | undefined,
  currency: string,
): Promise<SpendSum[]> {
  const params: unknown[] = [periods.previousFrom, periods.previousTo, periods.from, periods.to, currency]
  const filter = source === undefined ? '' : `AND source = $${params.push(source)}`
  return db.query<SpendSum>(
    `WITH spans AS (
       SELECT source, campaign, amount_minor, day AS first_day,
         CASE per WHEN 'day' THEN day ELSE (day + interval '1 month')::date - 1 END AS last_day
       FROM ad_spend WHERE day <= $4::date AND day >= $1::date - 31 AND currency = $5 ${filter}
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
