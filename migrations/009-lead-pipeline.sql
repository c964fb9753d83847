-- The lead inbox: where each lead stands in the pipeline, who moved it and
-- what they noted, and the indexes its list, search and filters read
-- (docs/decisions/020-lead-inbox-queries.md). The server's own: a page posting
-- straight to Supabase never uses it.

-- Trigram indexes answer a case-insensitive substring search (ILIKE '%…%')
-- without reading every application. Trusted since PostgreSQL 13, so the
-- database's owner may create it; PGlite loads it at start (server/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- One row per application, made with it. Kept beside contact_submissions
-- rather than in it: that table's columns are the submission API's (an insert
-- returning * and a service-role read of * list them), and a status is not
-- something a visitor sends. `received_at` repeats the application's
-- created_at, which never changes, so a status filter reads one index in the
-- list's order.
CREATE TABLE lead_pipeline (
  application_id     bigint PRIMARY KEY REFERENCES contact_submissions (id) ON DELETE CASCADE,
  received_at        timestamptz NOT NULL,
  status             text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'booked', 'won', 'lost')),
  -- When the visitor opened the booking page; nothing records it yet.
  booking_opened_at  timestamptz
);

CREATE INDEX lead_pipeline_status_idx ON lead_pipeline (status, received_at, application_id);

INSERT INTO lead_pipeline (application_id, received_at)
SELECT id, created_at FROM contact_submissions;

CREATE FUNCTION lead_pipeline_start() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_pipeline (application_id, received_at) VALUES (NEW.id, NEW.created_at);
  RETURN NULL;
END
$$;

CREATE TRIGGER lead_pipeline_start
  AFTER INSERT ON contact_submissions
  FOR EACH ROW EXECUTE FUNCTION lead_pipeline_start();

-- Every change of status: from (null for none before), to, whose account, when.
CREATE TABLE lead_status_changes (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id  bigint NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
  from_status     text CHECK (from_status IN ('new', 'contacted', 'booked', 'won', 'lost')),
  to_status       text NOT NULL CHECK (to_status IN ('new', 'contacted', 'booked', 'won', 'lost')),
  author          text NOT NULL CHECK (char_length(author) <= 320),
  at              timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX lead_status_changes_application_idx ON lead_status_changes (application_id, at);

-- Notes as typed, plain text: whoever shows one escapes it.
CREATE TABLE lead_notes (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id  bigint NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
  body            text NOT NULL CHECK (btrim(body) <> '' AND char_length(body) <= 5000),
  author          text NOT NULL CHECK (char_length(author) <= 320),
  at              timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX lead_notes_application_idx ON lead_notes (application_id, at);

-- The list: newest first, keyset-paged on (created_at, id), leads and spam
-- apart. Read backwards, these give the order with no sort.
CREATE INDEX contact_submissions_inbox_idx ON contact_submissions (created_at, id) WHERE NOT spam;
CREATE INDEX contact_submissions_spam_inbox_idx ON contact_submissions (created_at, id) WHERE spam;

-- Where a lead came from, as the list shows and filters it: the last touch's
-- utm_source, else its referrer's host, lower-cased.
CREATE FUNCTION lead_source(attribution jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(coalesce(
    nullif(attribution -> 'last_touch' ->> 'utm_source', ''),
    substring(attribution -> 'last_touch' ->> 'referrer_origin' FROM '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/]*@)?(\[[^\]]*\]|[^:/]+)')
  ))
$$;

CREATE INDEX contact_submissions_source_idx ON contact_submissions (lead_source(attribution), created_at, id) WHERE NOT spam;

-- Search: a case-insensitive substring of name, email, instagram or business.
-- One trigram index over the four rather than one per column: a single index
-- scan is cheap enough that the planner takes it over reading the table from a
-- few thousand rows on, where four ORed scans lose until far more. The answers
-- are joined by the unit separator (U+001F), which the search strips from what
-- it looks for (server/leads/lead-filter.ts): a match can then never span two
-- answers, so no per-answer recheck is needed, and the planner estimates one
-- condition well (with a recheck it underestimated the matches and joined a
-- status filter the slow way). fastupdate off: PGlite runs no autovacuum to
-- merge a pending list, which would slow every search and steer the planner
-- away from the index.
CREATE INDEX contact_submissions_search_idx ON contact_submissions
  USING gin ((name || E'\x1f' || email || E'\x1f' || instagram || E'\x1f' || business) gin_trgm_ops) WITH (fastupdate = off);

-- Erasure finds every lead of an address, whatever its case.
CREATE INDEX contact_submissions_email_lower_idx ON contact_submissions (lower(email));
