-- The lead list sorted by name (server/leads/list-sort.ts): A to Z, case
-- ignored, keyset-paged on (lower(name), id). Without an index each page
-- sorts every lead, which at 100,000 leads costs more than the list's time
-- budget; read in this index's order, a page reads its 51 entries and stops.
-- It costs each stored application one more index entry, a small one beside
-- the search's. Spam is left out: it is few, and sorted as read.
CREATE INDEX contact_submissions_name_idx ON contact_submissions (lower(name), id) WHERE NOT spam;
