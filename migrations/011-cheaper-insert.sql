-- What one stored application costs the database, cut back
-- (docs/decisions/023-cheaper-insert.md). The server's own: a page posting
-- straight to Supabase keeps the outbox trigger of 006 and has no pipeline.

-- The search index takes new rows into its pending list, merged into the index
-- proper in bulk, instead of updating the trigram index for every insert: the
-- update cost most of an insert. The list is searched as it stands, so results
-- are the same. A small list keeps the merge that an insert triggers when it
-- is full short; between those, the server merges it on a timer on the
-- embedded database (server/http/database-upkeep.ts), and autovacuum
-- does on PostgreSQL.
ALTER INDEX contact_submissions_search_idx SET (fastupdate = on, gin_pending_list_limit = 256);

-- One trigger instead of two after each insert: a lead's pipeline row and,
-- unless it is spam, its outbox row. The spam flag is still set before the
-- insert (003), so it is final here.
DROP TRIGGER lead_outbox_enqueue ON contact_submissions;
DROP TRIGGER lead_pipeline_start ON contact_submissions;

CREATE FUNCTION contact_submissions_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_pipeline (application_id, received_at) VALUES (NEW.id, NEW.created_at);
  IF NOT NEW.spam THEN
    INSERT INTO lead_outbox (application_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER contact_submissions_after_insert
  AFTER INSERT ON contact_submissions
  FOR EACH ROW EXECUTE FUNCTION contact_submissions_after_insert();
