-- Retries: the browser names each application with a uuid, so resending one
-- after a lost answer fails as a duplicate (23505) instead of storing it twice.
-- Rows from before this migration, or from clients that send no id, get one here.
ALTER TABLE contact_submissions
  ADD COLUMN submission_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE contact_submissions
  ADD CONSTRAINT contact_submissions_submission_id_key UNIQUE (submission_id);

-- Honeypot: a form field people never see. Bots fill it; their inserts succeed
-- as far as they can tell but store nothing. Done in the database so the rule
-- holds for every client, including a page posting straight to Supabase.
ALTER TABLE contact_submissions
  ADD COLUMN website text CHECK (char_length(website) <= 200);

CREATE FUNCTION contact_submissions_drop_honeypot() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF nullif(btrim(NEW.website), '') IS NOT NULL THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER contact_submissions_drop_honeypot
  BEFORE INSERT ON contact_submissions
  FOR EACH ROW EXECUTE FUNCTION contact_submissions_drop_honeypot();
