-- Duplicates and merges (docs/decisions/043-duplicates-read-not-recorded.md).
-- An application is a duplicate of another lead with the same email (case
-- ignored) or the same phone (its digits) stored within 90 days of it. That
-- is found where the inbox reads a lead, never recorded as an application is
-- stored, so the insert does no lookup; the email is already indexed
-- (contact_submissions_email_lower_idx, migrations/009), the phone is below.

-- A phone as a duplicate is matched by: its digits, when there are at least
-- seven of them (fewer, such as "n/a" or "0", say nothing of who applied), else
-- NULL, which matches nothing. The same digits the search index reads
-- (migrations/016). One expression, so PostgreSQL inlines it and a query
-- calling it uses the index below.
CREATE FUNCTION lead_phone_key(phone text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT substring(regexp_replace(phone, '[^0-9]+', '', 'g') FROM '^[0-9]{7,}$')
$$;

-- Leads only: spam is never anybody's duplicate, and skips the index.
-- A btree entry costs an insert far less than the trigram index's text.
CREATE INDEX contact_submissions_phone_key_idx ON contact_submissions (lead_phone_key(phone), created_at)
  WHERE NOT spam;

-- A merge keeps one lead (the older) and folds the other into it: the merged
-- application's row is deleted, so it leaves every list, count, board, export
-- and the funnel at once, and its answers are kept here as the survivor's
-- history. Its bookings, notes, status history and deliveries move to the
-- survivor (server/lead-lifecycle/merge.ts). Erasing the survivor erases this
-- too (the cascade), and an erasure by email finds a survivor by the answers
-- kept here (server/leads/erasure.ts).
CREATE TABLE lead_merges (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  survivor_id    bigint NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
  -- The merged application's id, gone from contact_submissions: a second merge
  -- of it is told where it went.
  merged_id      bigint NOT NULL UNIQUE,
  -- When the merged application was stored, and what it said (every answer of
  -- the form, by its column name) and where it came from.
  applied_at     timestamptz NOT NULL,
  answers        jsonb NOT NULL,
  attribution    jsonb,
  merged_by      text NOT NULL,
  merged_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX lead_merges_survivor_idx ON lead_merges (survivor_id, applied_at);
CREATE INDEX lead_merges_email_idx ON lead_merges (lower(answers ->> 'email'));
