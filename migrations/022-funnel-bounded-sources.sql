-- The funnel stays bounded whatever sources the anonymous events name
-- (docs/decisions/035-funnel-sources-bounded.md). Anyone may post batches,
-- each naming a source it makes up, so the sources of the events are as many
-- as the batches; nothing the Funnel reads may grow with them.

-- The rollup keeps at most 200 sources a day: the day's most page-view
-- visitors first (ties by source, direct first). The rest of the day's
-- per-source rows are summed into one row per (type, step) whose source is
-- '(other)' (OTHER_SOURCES in common/funnel-report.ts; a source of that name is
-- always summed there). Its visitors are the sum of the folded sources'
-- visitors, as the Funnel's sources table sums them. The all_sources rows are
-- as before. The rows stored are decided by the raw events alone, so two
-- servers rolling up at once still store the same rows.
CREATE OR REPLACE FUNCTION page_event_roll_up() RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  stored bigint;
BEGIN
  INSERT INTO page_event_daily (day, all_sources, source, type, step, events, visitors)
  WITH counts AS MATERIALIZED (
    SELECT * FROM page_event_counts_from_raw(
      coalesce((SELECT max(d.day) + 1 FROM page_event_daily d), '-infinity'::date),
      (now() AT TIME ZONE 'UTC')::date - 1)
  ),
  -- Sources never hold '', so it stands for direct (NULL) in the hashed joins.
  kept AS (
    SELECT day, coalesce(source, '') AS source FROM (
      SELECT day, source, row_number() OVER (PARTITION BY day ORDER BY visitors DESC, source NULLS FIRST) AS rank
      FROM counts
      WHERE NOT all_sources AND type = 'page_view' AND lower(source) IS DISTINCT FROM '(other)'
    ) ranked
    WHERE rank <= 200
  )
  SELECT c.day, c.all_sources, c.source, c.type, c.step, c.events, c.visitors FROM counts c
  WHERE c.all_sources OR (c.day, coalesce(c.source, '')) IN (SELECT day, source FROM kept)
  UNION ALL
  SELECT c.day, false, '(other)', c.type, c.step, sum(c.events), sum(c.visitors) FROM counts c
  WHERE NOT c.all_sources AND (c.day, coalesce(c.source, '')) NOT IN (SELECT day, source FROM kept)
  GROUP BY c.day, c.type, c.step
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS stored = ROW_COUNT;
  RETURN stored;
END
$$;

-- Days rolled up before this migration get the same cap.
WITH ranked AS (
  SELECT day, source, row_number() OVER (PARTITION BY day ORDER BY visitors DESC, source NULLS FIRST) AS rank
  FROM page_event_daily
  WHERE NOT all_sources AND type = 'page_view' AND lower(source) IS DISTINCT FROM '(other)'
),
kept AS (SELECT day, coalesce(source, '') AS source FROM ranked WHERE rank <= 200),
folded AS (
  DELETE FROM page_event_daily d
  WHERE NOT d.all_sources AND (d.day, coalesce(d.source, '')) NOT IN (SELECT day, source FROM kept)
  RETURNING d.day, d.type, d.step, d.events, d.visitors
)
INSERT INTO page_event_daily (day, all_sources, source, type, step, events, visitors)
SELECT day, false, '(other)', type, step, sum(events), sum(visitors) FROM folded GROUP BY day, type, step;

-- The Funnel's sources table counts each source's page views
-- (server/funnel/visitor-counts.ts): without these it read every event and
-- rollup row of the range, of every type, to keep the page views. Partial, so
-- only page views pay for them.
CREATE INDEX page_events_page_view_day_idx ON page_events (day) WHERE type = 'page_view';
CREATE INDEX page_event_daily_page_view_idx ON page_event_daily (day) INCLUDE (source, visitors)
  WHERE NOT all_sources AND type = 'page_view';
-- One source's funnel reads its own rollup rows, not every source's of each day.
CREATE INDEX page_event_daily_source_idx ON page_event_daily (source, day) WHERE NOT all_sources;
