-- migrations/010-page-events.sql for a Supabase project.
-- Apply it after the files before it: see supabase/README.md.
-- Written by `npm run supabase:migration` from ../migrations and
-- common/application-form.ts: edit those, not this file.

-- 1. migrations/010-page-events.sql -------------------------------------------
-- The funnel's events (common/analytics.ts), counted without cookies.
--
-- Nothing here identifies a visitor: `visitor` is sha256 of a daily salt, the
-- site's host, the address and the User-Agent (Plausible's method). The salt
-- of a day is deleted 48 hours after it was made, after which not even this
-- database can tell whose a hash was, and the same visitor gets a new hash the
-- next day, so visitors are counted per day only. The address is never stored.
--
-- Days are UTC days.
--
-- HOW TO READ THE FUNNEL
--   SELECT * FROM page_event_counts(first_day, last_day)
-- gives, per day, the events and distinct visitors of each (type, step), in
-- two kinds of rows:
--   all_sources = true   every source together (source is NULL): the funnel.
--   all_sources = false  one source (source NULL = direct, no source known).
-- Visitors of step N of the wizard on day D:
--   SELECT visitors FROM page_event_counts(D, D)
--   WHERE all_sources AND type = 'step_viewed' AND step = N;
-- (type = 'step_completed' for those who answered it). The same for one
-- source: WHERE NOT all_sources AND source IS NOT DISTINCT FROM 'google'.
-- A visitor whose batches named two sources in a day is one visitor in the
-- all_sources row and one in each source's row, so take totals from the
-- all_sources rows: summing the per-source rows can count a visitor twice.
-- Over several days, sum(visitors) counts visitor-days (the hash changes
-- daily by design); sum(events) is exact.
--
-- page_event_counts reads page_event_daily for the days rolled up and the raw
-- events for the others (today, and yesterday until the server's hourly sweep
-- rolls it up), so it is exact for every day, today included, and for days
-- whose raw events are gone (EVENTS_RETENTION_DAYS).

-- Raw events, kept EVENTS_RETENTION_DAYS (90 by default). No key: nothing
-- refers to a single event, and an index fewer makes inserts cheaper.
CREATE TABLE page_events (
  created_at  timestamptz NOT NULL DEFAULT now(),
  day         date GENERATED ALWAYS AS ((created_at AT TIME ZONE 'UTC')::date) STORED,
  visitor     bytea NOT NULL CHECK (octet_length(visitor) = 32),
  type        text NOT NULL CHECK (type IN (
                'page_view', 'results_viewed', 'results_navigated', 'countdown_finished',
                'apply_clicked', 'step_viewed', 'step_completed', 'submit_succeeded',
                'submit_failed', 'booking_opened', 'booking_link_clicked')),
  -- The server checks the step against the form's questions; this bound only
  -- keeps a forged row small, and needs no migration when a question is added.
  step        smallint CHECK (step BETWEEN 1 AND 100),
  source      text CHECK (char_length(source) BETWEEN 1 AND 100),
  path        text NOT NULL CHECK (char_length(path) BETWEEN 1 AND 200),
  CHECK ((step IS NOT NULL) = (type IN ('step_viewed', 'step_completed')))
);

-- Rolling up and deleting go by day.
CREATE INDEX page_events_day_idx ON page_events (day);

-- One salt per UTC day, made by the first event of the day.
CREATE TABLE page_event_salts (
  day         date PRIMARY KEY,
  salt        bytea NOT NULL CHECK (octet_length(salt) = 32),
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Each finished day's figures, kept for good. One row per (day, source, type,
-- step), plus one per (day, type, step) with all_sources for every source
-- together: see HOW TO READ THE FUNNEL above.
CREATE TABLE page_event_daily (
  day          date NOT NULL,
  all_sources  boolean NOT NULL,
  source       text CHECK (char_length(source) BETWEEN 1 AND 100),
  type         text NOT NULL,
  step         smallint,
  events       bigint NOT NULL CHECK (events > 0),
  visitors     bigint NOT NULL CHECK (visitors BETWEEN 1 AND events),
  CHECK (NOT all_sources OR source IS NULL),
  UNIQUE NULLS NOT DISTINCT (day, all_sources, source, type, step)
);

-- The visitor's hash for an event stored now. Salts are random 32 bytes from
-- two v4 UUIDs (244 random bits): gen_random_uuid is built in everywhere,
-- pgcrypto is not. Two servers making today's salt at once agree on one.
CREATE FUNCTION page_event_visitor(address text, user_agent text, host text) RETURNS bytea
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  today date := (now() AT TIME ZONE 'UTC')::date;
  daily bytea;
BEGIN
  SELECT salt INTO daily FROM page_event_salts WHERE day = today;
  IF daily IS NULL THEN
    INSERT INTO page_event_salts (day, salt)
    VALUES (today, decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'))
    ON CONFLICT (day) DO NOTHING;
    SELECT salt INTO daily FROM page_event_salts WHERE day = today;
  END IF;
  -- Newlines cannot occur in a header or an address, so no two inputs join alike.
  RETURN sha256(daily || convert_to(coalesce(host, '') || E'\n' || coalesce(address, '') || E'\n' || coalesce(user_agent, ''), 'UTF8'));
END
$$;

-- Every day with raw events, figured from them: what page_event_roll_up
-- stores and page_event_counts reads for the days not yet rolled up.
CREATE FUNCTION page_event_counts_from_raw(first_day date, last_day date)
RETURNS TABLE (day date, all_sources boolean, source text, type text, step smallint, events bigint, visitors bigint)
LANGUAGE sql STABLE AS $$
  SELECT e.day, grouping(e.source) = 1, e.source, e.type, e.step, count(*), count(DISTINCT e.visitor)
  FROM page_events e
  WHERE e.day BETWEEN first_day AND last_day
  GROUP BY GROUPING SETS ((e.day, e.type, e.step, e.source), (e.day, e.type, e.step))
$$;

-- Rolls up every finished day after the last one rolled up (days are rolled
-- up in order, all of a day at once); resolves to how many rows it stored.
-- Safe to run from several servers at once: both would store the same rows.
CREATE FUNCTION page_event_roll_up() RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  stored bigint;
BEGIN
  INSERT INTO page_event_daily (day, all_sources, source, type, step, events, visitors)
  SELECT * FROM page_event_counts_from_raw(
    coalesce((SELECT max(d.day) + 1 FROM page_event_daily d), '-infinity'::date),
    (now() AT TIME ZONE 'UTC')::date - 1)
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS stored = ROW_COUNT;
  RETURN stored;
END
$$;

-- The funnel's figures for a range of days: see HOW TO READ THE FUNNEL.
CREATE FUNCTION page_event_counts(first_day date, last_day date)
RETURNS TABLE (day date, all_sources boolean, source text, type text, step smallint, events bigint, visitors bigint)
LANGUAGE sql STABLE AS $$
  SELECT d.day, d.all_sources, d.source, d.type, d.step, d.events, d.visitors
  FROM page_event_daily d
  WHERE d.day BETWEEN first_day AND last_day
  UNION ALL
  SELECT * FROM page_event_counts_from_raw(
    greatest(first_day, coalesce((SELECT max(d.day) + 1 FROM page_event_daily d), '-infinity'::date)),
    last_day)
$$;

-- 2. Supabase -----------------------------------------------------------------
-- anon may insert events, naming only what the page sends, and read nothing:
-- not the events, not the salts, not the figures (the inbox reads those with
-- the server's own connection).
ALTER TABLE page_events ENABLE ROW LEVEL SECURITY;
ALTER TABLE page_event_salts ENABLE ROW LEVEL SECURITY;
ALTER TABLE page_event_daily ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE page_events, page_event_salts, page_event_daily FROM anon, authenticated;
GRANT INSERT (type, step, source, path) ON TABLE page_events TO anon;
CREATE POLICY page_events_anon_insert ON page_events
  FOR INSERT TO anon
  WITH CHECK (true);

-- anon cannot write `visitor`: this trigger hashes it from the request's
-- headers, which PostgREST hands the transaction, as the server does from the
-- connection. The address is Supabase's edge's (cf-connecting-ip, else the
-- first X-Forwarded-For hop) and the site is the page's Origin. A visitor that
-- asks not to be tracked (Sec-GPC: 1) and an obvious robot are dropped without
-- an error, as the server drops them; the server's list of robots (isbot) is
-- longer than this pattern, so a few more robots are counted here. An insert
-- with the hash already set (the server's own) is left as it is.
CREATE FUNCTION page_events_hash_visitor() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb;
  agent text := coalesce(headers->>'user-agent', '');
BEGIN
  IF NEW.visitor IS NOT NULL THEN
    RETURN NEW;
  END IF;
  IF headers->>'sec-gpc' = '1' OR agent = ''
     OR agent ~* '(bot|crawl|spider|slurp|headless|lighthouse|phantomjs|curl|wget|python|java/|go-http|axios|node-fetch)' THEN
    RETURN NULL;
  END IF;
  NEW.visitor := page_event_visitor(
    btrim(coalesce(headers->>'cf-connecting-ip', split_part(headers->>'x-forwarded-for', ',', 1))),
    agent,
    coalesce(headers->>'origin', headers->>'host'));
  RETURN NEW;
END
$$;

-- BEFORE, so the row's NOT NULL visitor is filled in before it is checked.
CREATE TRIGGER page_events_hash_visitor
  BEFORE INSERT ON page_events
  FOR EACH ROW EXECUTE FUNCTION page_events_hash_visitor();

-- anon may not read or make salts: the trigger runs with its owner's rights,
-- with a fixed search_path (pg_temp last, so no temporary table stands in for
-- the salts). Nobody calls these functions over the API.
ALTER FUNCTION page_events_hash_visitor() SECURITY DEFINER SET search_path = public, pg_temp;
ALTER FUNCTION page_event_visitor(text, text, text) SET search_path = public, pg_temp;
REVOKE EXECUTE ON FUNCTION page_events_hash_visitor(), page_event_visitor(text, text, text), page_event_roll_up(),
  page_event_counts(date, date), page_event_counts_from_raw(date, date) FROM PUBLIC, anon, authenticated;
