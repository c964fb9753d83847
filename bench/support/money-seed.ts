import type { Database } from '../../server/db/database.ts'

/** The sources the seeded leads name (server/testing/seed-leads.ts) and two more that only spend. */
export const SPEND_SOURCES = ['ig', 'fb', 'google', 'tiktok', 'linkedin', 'youtube'] as const
/** Each source's campaigns; the seeded leads' campaign is one of these by id. */
export const BENCH_CAMPAIGNS = ['brand', 'retarget', 'lookalike', 'spring'] as const

/**
 * What the money table reads, over the seeded leads: a campaign and an ad on
 * every campaign touch, a first touch of another source on half of them, the
 * outcomes of the won (with amounts) and lost leads, and a year of daily spend
 * for SPEND_SOURCES, for the whole source and per campaign.
 */
export async function seedMoney(db: Database): Promise<void> {
  await db.exec(`
    UPDATE contact_submissions SET attribution = jsonb_build_object(
      'last_touch', attribution -> 'last_touch' || jsonb_build_object(
        'utm_campaign', (ARRAY['${BENCH_CAMPAIGNS.join("','")}'])[1 + id % 4], 'utm_content', 'ad-' || id % 5),
      'first_touch', CASE WHEN id % 2 = 0 THEN jsonb_build_object('utm_source', (ARRAY['ig', 'fb', 'google'])[1 + id % 3],
        'fbclid', 'x', 'utm_campaign', 'brand') ELSE attribution -> 'last_touch' END)
    WHERE attribution ? 'last_touch' AND attribution -> 'last_touch' ? 'utm_source';
    INSERT INTO lead_outcomes (application_id, outcome, amount_minor, currency, lost_reason, author, at)
    SELECT p.application_id, CASE p.status WHEN 'won' THEN 'won' ELSE 'lost' END,
      CASE WHEN p.status = 'won' THEN 100000 + (p.application_id % 50) * 10000 END,
      CASE WHEN p.status = 'won' THEN 'USD' END, CASE WHEN p.status = 'lost' THEN 'Price' END,
      'bench@example.com', p.received_at + interval '3 days'
    FROM lead_pipeline p WHERE p.status IN ('won', 'lost');
    INSERT INTO ad_spend (per, day, source, campaign, amount_minor, currency)
    SELECT 'day', (now() AT TIME ZONE 'UTC')::date - d, s.source, c.campaign, 5000 + (d * 37 + length(s.source) * 101) % 20000, 'USD'
    FROM generate_series(0, 364) d,
      unnest(ARRAY['${SPEND_SOURCES.join("','")}']) s (source),
      unnest(ARRAY['', 'brand', 'retarget']) c (campaign);
  `)
  // VACUUM runs alone, outside the script's implicit transaction.
  for (const table of ['contact_submissions', 'lead_outcomes', 'ad_spend']) await db.exec(`VACUUM ANALYZE ${table}`)
}
