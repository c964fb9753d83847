-- Spam is kept and flagged, never dropped: a person whose browser or password
-- manager filled the hidden field by mistake is still a lead someone can find,
-- and the insert itself is the same for a bot and a person, so nothing in the
-- answer tells a bot it was caught. Done in the database so the rule holds for
-- every client, including a page posting straight to Supabase.

-- The honeypot takes a name autofill and password managers do not recognise.
ALTER TABLE contact_submissions RENAME COLUMN website TO _gotcha;
ALTER TABLE contact_submissions
  RENAME CONSTRAINT contact_submissions_website_check TO contact_submissions__gotcha_check;

ALTER TABLE contact_submissions
  ADD COLUMN spam boolean NOT NULL DEFAULT false;

DROP TRIGGER contact_submissions_drop_honeypot ON contact_submissions;
DROP FUNCTION contact_submissions_drop_honeypot();

CREATE FUNCTION contact_submissions_flag_spam() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF nullif(btrim(NEW._gotcha), '') IS NOT NULL THEN
    NEW.spam := true;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER contact_submissions_flag_spam
  BEFORE INSERT ON contact_submissions
  FOR EACH ROW EXECUTE FUNCTION contact_submissions_flag_spam();

-- Spam is deleted after SPAM_RETENTION_DAYS; this keeps that sweep from
-- reading every application to find the few it removes.
CREATE INDEX contact_submissions_spam_created_at_idx
  ON contact_submissions (created_at) WHERE spam;
