import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import type { Database, Queryable } from '../db/database.ts'
import { createAdminAccount, signIn } from './admin-session.ts'
import { failedDelivery } from './failed-delivery.ts'
import { insertApplication } from './insert-application.ts'
import { insertLead, seedLeads } from './seed-leads.ts'

export const OWNER = 'owner@example.com'
const SECOND = 'second@example.com'
export const PASSWORD = 'a long inbox password'

/** Every table's rows as JSON text, in one order on both databases, with times in UTC. */
export async function everyRow(db: Database): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.exec("SET LOCAL TimeZone = 'UTC'")
    const tables = await tableNames(tx)
    const rows: Record<string, string[]> = {}
    for (const table of tables) {
      const found = await tx.query<{ row: string }>(
        `SELECT to_json(t)::text AS row FROM ${table} t ORDER BY to_json(t)::text COLLATE "C"`,
      )
      rows[table] = found.map((row) => row.row)
    }
    return rows
  })
}
const tableNames = async (db: Queryable) =>
  (
    await db.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'
       AND relname <> 'schema_migrations' ORDER BY 1`,
    )
  ).map((row) => row.name)

/**
 * Rows in every table, through the helpers the other tests use where there is
 * one: `leads` leads (3 % spam), two inbox accounts with TOTP, notes and status
 * history, deliveries pending, claimed, delivered and failed, `events` funnel
 * events and their daily figures, bookings. Resolves to an id handed out and
 * then erased, which a copy must not hand out again.
 */
export async function seedEveryTable(
  db: Database,
  { leads, events }: { leads: number; events: number },
): Promise<number> {
  await seedLeads(db, leads, { spamPercent: 3 })
  const attributed = await insertLead(db, {
    answers: { name: "Zoë “Quotes” O'Brien", business: 'tabs\tnewlines\nand backslashes \\ 🎉' },
    attribution: {
      first_touch: { utm_source: 'newsletter', landing_path: '/' },
      last_touch: { utm_source: 'ig', fbclid: 'x"y' },
    },
    receivedAt: new Date('2025-03-01T09:30:00.123Z'),
  })
  await insertApplication(db, { spam: true })
  await createAdminAccount(db, OWNER, PASSWORD)
  await createAdminAccount(db, SECOND, PASSWORD)
  const app = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent' }), db })
  await app.ready()
  await signIn(app, OWNER, PASSWORD)
  await app.close()
  await db.exec(`
    INSERT INTO admin_backup_codes (account_id, code_hash) SELECT id, sha256('code') FROM admin_accounts;
    INSERT INTO admin_setup_tokens (token_hash, account_id, expires_at, used_at)
      SELECT sha256(email::bytea), id, now() + interval '1 day', CASE WHEN role = 'owner' THEN now() END FROM admin_accounts;
    INSERT INTO lead_status_changes (application_id, from_status, to_status, author, at)
      SELECT application_id, 'new', status, '${OWNER}', received_at + interval '1 hour' FROM lead_pipeline WHERE status <> 'new';
    INSERT INTO lead_unopened (account_id, application_id) SELECT id, ${attributed} FROM admin_accounts;
    INSERT INTO lead_notes (application_id, body, author) VALUES (${attributed}, 'Called: “wants a demo” — 10 o''clock', '${OWNER}');
    INSERT INTO lead_outcomes (application_id, outcome, lost_reason, note, author)
      VALUES (${attributed}, 'lost', 'Timing', 'Back in “Q3” — call then', '${OWNER}');
    UPDATE lead_pipeline SET owner = (SELECT id FROM admin_accounts WHERE email = '${SECOND}') WHERE application_id = ${attributed};
    UPDATE admin_accounts SET takes_new_leads = true WHERE email = '${SECOND}';
    INSERT INTO lead_owner_changes (application_id, owner_email, author) VALUES (${attributed}, '${SECOND}', '${OWNER}');
    INSERT INTO admin_audit (actor_email, action, lead_id, detail) VALUES ('${OWNER}', 'lead.note', ${attributed}, '{"n": 1}');
    INSERT INTO rate_limit_hits (key, hits, expires_at) VALUES ('submit:127.0.0.1', 3, now() + interval '1 minute');
    INSERT INTO page_events (created_at, visitor, type, step, source, path)
      SELECT now() - make_interval(hours => g), page_event_visitor('10.0.0.' || g % 7, 'agent', 'example.com'),
        (ARRAY['page_view', 'apply_clicked', 'step_viewed'])[1 + g % 3], CASE WHEN g % 3 = 2 THEN 1 END,
        CASE WHEN g % 2 = 0 THEN 'ig' END, '/'
      FROM generate_series(1, ${events}) g;
    SELECT page_event_roll_up();
    INSERT INTO bookings (provider, provider_booking_id, application_id, attendee_email, starts_at, ends_at)
      VALUES ('calendly', 'booking-1', ${attributed}, 'zoe@example.com', now() + interval '1 day', now() + interval '1 day 30 minutes'),
             ('calcom', 'booking-2', NULL, 'stranger@example.com', now(), now() + interval '30 minutes');
    INSERT INTO booking_events (booking_id, kind, occurred_at) SELECT id, 'created', now() FROM bookings;
    INSERT INTO booking_receipts (provider, key) VALUES ('calendly', 'delivery-1');
    INSERT INTO booking_requests (provider, provider_booking_id, application_id, requested_at) VALUES ('calcom', 'request-1', ${attributed}, now());
    INSERT INTO lead_outbox (application_id, booking_event_id) SELECT ${attributed}, min(id) FROM booking_events;
    INSERT INTO follow_up_sweep (id, swept_until) VALUES (1, now());
    INSERT INTO follow_up_opt_outs (email_sha256) VALUES (encode(sha256('zoe@example.com'), 'hex'));
    INSERT INTO follow_up_recipients (email_sha256, application_id) VALUES (encode(sha256('ada@example.com'), 'hex'), ${attributed});
    INSERT INTO lead_merges (survivor_id, merged_id, applied_at, answers, attribution, merged_by)
      VALUES (${attributed}, ${attributed} + 1000000, now() - interval '1 day',
        '{"name": "Zoë O''Brien", "email": "zoe@example.com", "business": "a bakery"}', '{"last_touch": {"utm_source": "fb"}}', '${OWNER}');
    INSERT INTO lead_ad_consents (application_id, given_at, words, client_ip, user_agent, landing_url)
      VALUES (${attributed}, '2025-03-01T09:30:00.123Z', 'Tell Meta about “this” application', '2001:db8::7',
        'Mozilla/5.0 (X11; Linux x86_64)', 'https://brand.example/?utm_source=ig&fbclid=x%22y');
    INSERT INTO ad_spend (per, day, source, campaign, amount_minor, currency, created_by)
      SELECT 'month', '2025-03-01', 'ig', 'Spring “sale”, wide', 125050, 'USD', id FROM admin_accounts WHERE email = '${OWNER}';
    UPDATE admin_accounts SET totp_secret = 'JBSWY3DPEHPK3PXP', totp_enabled_at = now(), totp_last_step = 12345 WHERE email = '${SECOND}';
    UPDATE conversion_platforms SET token_fingerprint = '0123456789abcdef', last_success_at = now(),
      paused_at = now(), paused_reason = 'HTTP 401', paused_fingerprint = '0123456789abcdef' WHERE platform = 'google';
    INSERT INTO lead_conversions (application_id, platform, stage, kind, revision, amount_minor, currency, state, reason, trace_id, attempts, finished_at)
      VALUES (${attributed}, 'meta', 'won', 'conversion', 0, 125050, 'USD', 'sent', NULL, 'fbtrace-“1”', 1, now()),
             (${attributed}, 'google', 'won', 'restatement', 7, 150000, 'USD', 'pending', 'retrying: HTTP 503', NULL, 2, NULL);
  `)
  await failedDelivery(db, attributed)
  // Beside the failed one: a delivery due now, one claimed by a sender, one delivered.
  await db.exec(`
    INSERT INTO lead_deliveries (application_id, target, state, attempts, next_attempt_at, claim, finished_at)
      SELECT l.id, 'webhook:test', s.state, s.attempts, now() + s.due, s.claim, s.finished
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM contact_submissions WHERE NOT spam AND id <> ${attributed} LIMIT 3) l
      JOIN (VALUES (1, 'pending', 0, interval '0', NULL::uuid, NULL::timestamptz),
                   (2, 'pending', 1, interval '2 minutes', gen_random_uuid(), NULL),
                   (3, 'delivered', 1, interval '0', NULL, now())) s (n, state, attempts, due, claim, finished) ON s.n = l.n;
  `)
  // Ids handed out and then erased: the target must not hand them out again.
  const erased = await insertApplication(db)
  await db.query('DELETE FROM contact_submissions WHERE id = $1', [erased])
  return erased
}
