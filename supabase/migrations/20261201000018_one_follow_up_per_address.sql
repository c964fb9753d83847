-- migrations/018-one-follow-up-per-address.sql for a Supabase project.
-- Apply it after the files before it: see supabase/README.md.
-- Written by `npm run supabase:migration` from ../migrations and
-- common/application-form.ts: edit those, not this file.

-- 1. migrations/018-one-follow-up-per-address.sql -----------------------------
-- At most one follow-up email per address, however many times it applies
-- (docs/decisions/033-follow-ups-to-one-plain-address.md). Before sending, a
-- follow-up claims its address, as the SHA-256 of the address trimmed and
-- lower-cased; the key refuses a second claim, from any server. A claim goes
-- with its lead: once the lead is erased, nothing of the address is left here.
CREATE TABLE follow_up_recipients (
  email_sha256    text PRIMARY KEY CHECK (char_length(email_sha256) = 64),
  application_id  bigint NOT NULL UNIQUE REFERENCES contact_submissions (id) ON DELETE CASCADE,
  at              timestamptz NOT NULL DEFAULT now()
);

-- 2. Supabase -----------------------------------------------------------------
-- Only the server, connecting as the database owner, reads and writes the
-- follow-ups' claims; the API's roles get nothing of them.
ALTER TABLE follow_up_recipients ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE follow_up_recipients FROM anon, authenticated;
