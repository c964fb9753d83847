-- The contact_submissions table for a Supabase project, so the built page can
-- post applications straight to Supabase (VITE_API_URL, VITE_API_ANON_KEY).
-- Apply it once: see supabase/README.md.
--
-- Sections 1 and 2 are migrations/001 and migrations/002 copied verbatim (the
-- Supabase CLI cannot include other files); a test fails if they drift apart.
-- Section 3 is what only Supabase needs: the anon role may insert an
-- application and do nothing else.

-- 1. migrations/001-contact-submissions.sql -----------------------------------
-- Applications from the landing page. Every answer is required, non-blank and
-- bounded, so no code path can store an invalid row; the limits match
-- common/contact-submission.ts.
CREATE TABLE contact_submissions (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at  timestamptz NOT NULL DEFAULT now(),
  instagram   text NOT NULL CHECK (btrim(instagram) <> '' AND char_length(instagram) <= 200),
  name        text NOT NULL CHECK (btrim(name) <> '' AND char_length(name) <= 200),
  email       text NOT NULL CHECK (btrim(email) <> '' AND char_length(email) <= 320),
  phone       text NOT NULL CHECK (btrim(phone) <> '' AND char_length(phone) <= 50),
  business    text NOT NULL CHECK (btrim(business) <> '' AND char_length(business) <= 1000),
  budget      text NOT NULL CHECK (btrim(budget) <> '' AND char_length(budget) <= 1000),
  revenue     text NOT NULL CHECK (btrim(revenue) <> '' AND char_length(revenue) <= 1000),
  challenges  text NOT NULL CHECK (btrim(challenges) <> '' AND char_length(challenges) <= 5000)
);

CREATE INDEX contact_submissions_created_at_idx ON contact_submissions (created_at);

-- 2. migrations/002-retry-safety-and-honeypot.sql -------------------------------
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

-- 3. Supabase: insert-only access for the public (anon) key -------------------
-- Supabase grants every new table, sequence and function in public to anon
-- and authenticated by default; take that back, then allow exactly the insert
-- the page sends. (The id sequence would tell how many applications there are.)
ALTER TABLE contact_submissions ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE contact_submissions FROM anon, authenticated;
REVOKE ALL ON SEQUENCE contact_submissions_id_seq FROM anon, authenticated;

-- Column-level: id and created_at always take their defaults. An identity
-- column needs no grant on its sequence.
GRANT INSERT (instagram, name, email, phone, business, budget, revenue, challenges, submission_id, website)
  ON TABLE contact_submissions TO anon;

-- Without a SELECT grant, only `Prefer: return=minimal` (supabase-js's default
-- for insert) works for anon; return=representation, return=headers-only and
-- upserts are refused with 401, which is intended.
CREATE POLICY contact_submissions_anon_insert ON contact_submissions
  FOR INSERT TO anon
  WITH CHECK (true);

-- The trigger runs with the inserting role's rights but needs no EXECUTE grant
-- to fire, so nobody needs to call the function directly. A fixed search_path
-- keeps a caller's objects from shadowing the built-ins it uses.
ALTER FUNCTION contact_submissions_drop_honeypot() SET search_path = '';
REVOKE EXECUTE ON FUNCTION contact_submissions_drop_honeypot() FROM PUBLIC, anon, authenticated;
