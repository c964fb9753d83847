-- migrations/005-attribution.sql for a Supabase project.
-- Apply it after the files before it: see supabase/README.md.
-- Written by `npm run supabase:migration` from ../migrations and
-- common/application-form.ts: edit those, not this file.

-- 1. migrations/005-attribution.sql -------------------------------------------
-- Where each application came from: the visitor's first and last touch
-- (campaign parameters, external referrer, landing path, time), as
-- {"first_touch": {...}, "last_touch": {...}}. Null when the page knew
-- nothing, and for every application stored before this column existed.
--
-- No CHECK: the server cleans the value before it is stored
-- (common/attribution-schema.ts), and a constraint refusing a bad one would
-- cost the lead with it, where dropping the attribution costs only that.
ALTER TABLE contact_submissions ADD COLUMN attribution jsonb;

-- 2. Supabase -----------------------------------------------------------------
-- The page sends these answers; anon may insert them.
GRANT INSERT (attribution) ON TABLE contact_submissions TO anon;
