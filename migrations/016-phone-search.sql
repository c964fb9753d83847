-- The inbox's search finds a lead by phone number, however it was typed: the
-- search index's text (migrations/009) gains the phone's digits alone, last,
-- after a unit separator like the other answers. A search that is only digits
-- and phone marks ("+44 7700 900", "(020) 7946-0018") looks for its digits
-- (server/leads/lead-filter.ts), so spaces, dashes and brackets on either side
-- never stop a match.
--
-- The index is rebuilt, not joined by a second one: every index costs each
-- insert, and one trigram index over one longer text costs an insert little
-- more than before (a regexp_replace and the phone's dozen trigrams, taken into
-- the pending list as 011 set up), where a second GIN index would add its own
-- pending list, its own merges and a second condition the planner must weigh.
-- Measured over 3,000 single inserts on PGlite, the insert's time stayed within
-- the spread of runs with the old index (2.9–4.1 ms mean either way).
-- regexp_replace is immutable, so the expression may be indexed.
DROP INDEX contact_submissions_search_idx;

CREATE INDEX contact_submissions_search_idx ON contact_submissions
  USING gin ((name || E'\x1f' || email || E'\x1f' || instagram || E'\x1f' || business || E'\x1f' || regexp_replace(phone, '[^0-9]+', '', 'g')) gin_trgm_ops)
  WITH (fastupdate = on, gin_pending_list_limit = 256);
