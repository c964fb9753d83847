-- Keeps honeypot hits as rows flagged `spam` instead of dropping them, and
-- renames the honeypot column to `_gotcha`. Apply after
-- 20261121000000_contact_submissions.sql: see supabase/README.md.
--
-- Section 1 is migrations/003 copied verbatim (a test fails if they drift
-- apart); section 2 is what only Supabase needs.

-- 1. migrations/003-spam-flag.sql ----------------------------------------------
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

-- 2. Supabase -------------------------------------------------------------------
-- anon's INSERT grant on the honeypot column followed it through the rename.
-- It has none on `spam`, so a caller cannot mark its own row as a lead: only
-- the trigger sets the flag.
--
-- The trigger needs no EXECUTE grant to fire; take back the one Supabase gives
-- every new function, and fix its search_path as for the function it replaces.
ALTER FUNCTION contact_submissions_flag_spam() SET search_path = '';
REVOKE EXECUTE ON FUNCTION contact_submissions_flag_spam() FROM PUBLIC, anon, authenticated;
