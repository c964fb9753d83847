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
