-- What the Funnel counts of each lead, kept on one narrow row per lead
-- (docs/decisions/046-funnel-leads-kept-per-lead.md). The money table reads two
-- periods of leads at once: looked up from the answers' attribution, the
-- bookings and the outcomes, that cost 250 to 430 ms at 100,000 leads on
-- PostgreSQL. Here a period is one range of this table's index, with nothing
-- looked up per lead. The server's own: a page posting straight to Supabase
-- has no Funnel.

-- Whether a touch (an attribution's first_touch or last_touch) was paid for:
-- it carries an ad platform's click id, or its utm_medium is cpc, ppc, paid or
-- ads, or starts with "paid" (paid_social). The one definition of paid.
CREATE FUNCTION lead_touch_paid(touch jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(touch ?| ARRAY['gclid', 'gbraid', 'wbraid', 'fbclid', 'msclkid', 'ttclid', 'li_fat_id', 'twclid'], false)
    OR coalesce(lower(btrim(touch ->> 'utm_medium')) IN ('cpc', 'ppc', 'paid', 'ads')
      OR lower(btrim(touch ->> 'utm_medium')) LIKE 'paid%', false)
$$;

-- Where a lead's first visit came from, as lead_source (migrations/009) says
-- it for the latest: the first touch's utm_source, else its referrer's host,
-- lower-cased.
CREATE FUNCTION lead_first_source(attribution jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(coalesce(
    nullif(attribution -> 'first_touch' ->> 'utm_source', ''),
    substring(attribution -> 'first_touch' ->> 'referrer_origin' FROM '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/]*@)?(\[[^\]]*\]|[^:/]+)')
  ))
$$;

-- One row per lead (an application that is not spam), written by the
-- triggers below whenever what it mirrors changes, so it is never stale:
-- - when it applied, and per touch its source (NULL: direct), whether it was
--   paid, its campaign (utm_campaign) and ad (utm_content);
-- - whether it ever booked a call, and the earliest start of its calls still
--   scheduled (it showed, unless an outcome says otherwise, once that start
--   has passed: the Funnel compares it with the time it reads);
-- - its latest outcome, and a won deal's amount in its currency.
CREATE TABLE funnel_leads (
  application_id  bigint PRIMARY KEY REFERENCES contact_submissions (id) ON DELETE CASCADE,
  applied_at      timestamptz NOT NULL,
  first_source    text,
  first_paid      boolean NOT NULL,
  first_campaign  text,
  first_ad        text,
  last_source     text,
  last_paid       boolean NOT NULL,
  last_campaign   text,
  last_ad         text,
  booked          boolean NOT NULL DEFAULT false,
  call_from       timestamptz,
  outcome         text,
  won_minor       bigint,
  won_currency    text
);

-- A period's leads; a source's (and a paid or organic one's) for its campaigns and ads.
CREATE INDEX funnel_leads_applied_idx ON funnel_leads (applied_at);
CREATE INDEX funnel_leads_last_source_idx ON funnel_leads (last_source, last_paid, applied_at);
CREATE INDEX funnel_leads_first_source_idx ON funnel_leads (first_source, first_paid, applied_at);

-- The touch facts of an application's row, from its attribution.
CREATE FUNCTION funnel_lead_put(application contact_submissions) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO funnel_leads (application_id, applied_at, first_source, first_paid, first_campaign, first_ad,
    last_source, last_paid, last_campaign, last_ad)
  VALUES (application.id, application.created_at,
    lead_first_source(application.attribution), lead_touch_paid(application.attribution -> 'first_touch'),
    nullif(application.attribution -> 'first_touch' ->> 'utm_campaign', ''),
    nullif(application.attribution -> 'first_touch' ->> 'utm_content', ''),
    lead_source(application.attribution), lead_touch_paid(application.attribution -> 'last_touch'),
    nullif(application.attribution -> 'last_touch' ->> 'utm_campaign', ''),
    nullif(application.attribution -> 'last_touch' ->> 'utm_content', ''))
  ON CONFLICT (application_id) DO UPDATE SET applied_at = EXCLUDED.applied_at,
    first_source = EXCLUDED.first_source, first_paid = EXCLUDED.first_paid,
    first_campaign = EXCLUDED.first_campaign, first_ad = EXCLUDED.first_ad,
    last_source = EXCLUDED.last_source, last_paid = EXCLUDED.last_paid,
    last_campaign = EXCLUDED.last_campaign, last_ad = EXCLUDED.last_ad
$$;

-- The call and outcome facts of one lead, read again from its bookings and
-- outcomes. The row is locked first, in a statement of its own: a booking
-- stored at the same moment by another transaction is then committed and seen
-- by the reads that follow, so neither write loses the other's call. The
-- bookings are read by the lead alone, which only bookings_application_idx
-- serves (with the state in the condition, statistics of an emptier table
-- chose the agenda's index, every scheduled call per lead), and each read is
-- planned for the tables as they are: a plan kept from when bookings was
-- empty would read every booking per lead, and one statement storing
-- thousands of bookings would never end.
CREATE FUNCTION funnel_lead_calls(lead bigint) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  PERFORM 1 FROM funnel_leads WHERE application_id = lead FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  UPDATE funnel_leads f SET
    (booked, call_from) = (
      SELECT count(*) > 0, min(b.starts_at) FILTER (WHERE b.state = 'scheduled')
      FROM bookings b WHERE b.application_id = lead),
    (outcome, won_minor, won_currency) = (
      SELECT o.outcome, o.amount_minor, o.currency FROM (SELECT 1) one
      LEFT JOIN LATERAL (
        SELECT lo.outcome, lo.amount_minor, lo.currency FROM lead_outcomes lo
        WHERE lo.application_id = lead ORDER BY lo.id DESC LIMIT 1
      ) o ON true)
  WHERE f.application_id = lead;
END
$$;

-- Every application that is not spam has its row from the insert, in the one
-- trigger after it (migrations/011, 015).
CREATE OR REPLACE FUNCTION contact_submissions_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_pipeline (application_id, received_at) VALUES (NEW.id, NEW.created_at);
  IF NOT NEW.spam THEN
    INSERT INTO lead_outbox (application_id) VALUES (NEW.id);
    INSERT INTO lead_unopened (account_id, application_id) SELECT id, NEW.id FROM admin_accounts;
    PERFORM funnel_lead_put(NEW);
  END IF;
  RETURN NULL;
END
$$;

-- Taken out of spam, it becomes a lead with its calls; its attribution or
-- arrival rewritten, its row follows.
CREATE FUNCTION funnel_leads_follow_application() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.spam THEN
    DELETE FROM funnel_leads WHERE application_id = NEW.id;
  ELSE
    PERFORM funnel_lead_put(NEW);
    -- Its calls and outcome change with neither its attribution nor its arrival.
    IF OLD.spam THEN
      PERFORM funnel_lead_calls(NEW.id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER funnel_leads_follow_application
  AFTER UPDATE OF spam, attribution, created_at ON contact_submissions
  FOR EACH ROW EXECUTE FUNCTION funnel_leads_follow_application();

-- A booking or an outcome stored, changed, moved to another lead (a merge, an
-- unmatched booking linked) or deleted: both leads it concerns are read again.
CREATE FUNCTION funnel_leads_follow_calls() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.application_id IS NOT NULL THEN
    PERFORM funnel_lead_calls(OLD.application_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.application_id IS NOT NULL
    AND (TG_OP = 'INSERT' OR NEW.application_id IS DISTINCT FROM OLD.application_id) THEN
    PERFORM funnel_lead_calls(NEW.application_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER funnel_leads_follow_bookings
  AFTER INSERT OR DELETE OR UPDATE OF application_id, state, starts_at ON bookings
  FOR EACH ROW EXECUTE FUNCTION funnel_leads_follow_calls();

CREATE TRIGGER funnel_leads_follow_outcomes
  AFTER INSERT OR DELETE OR UPDATE ON lead_outcomes
  FOR EACH ROW EXECUTE FUNCTION funnel_leads_follow_calls();

-- The leads stored before this migration.
SELECT funnel_lead_put(s) FROM contact_submissions s WHERE NOT s.spam;
SELECT funnel_lead_calls(f.application_id) FROM funnel_leads f
WHERE EXISTS (SELECT 1 FROM bookings b WHERE b.application_id = f.application_id)
   OR EXISTS (SELECT 1 FROM lead_outcomes o WHERE o.application_id = f.application_id);
