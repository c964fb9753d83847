-- The lead inbox's accounts, their sessions and what they did
-- (docs/decisions/019-admin-sessions.md). The server's own: a page posting
-- straight to Supabase never uses it.

-- There is no sign-up: `npm run admin` adds and removes accounts. Emails are
-- kept lower-cased, so one address cannot hold two accounts that differ only
-- in case, and a sign-in finds it whatever case it is typed in.
CREATE TABLE admin_accounts (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email            text NOT NULL UNIQUE CHECK (email = lower(email) AND char_length(email) BETWEEN 3 AND 320),
  -- An argon2id hash in PHC form ($argon2id$v=19$m=…): its parameters travel
  -- with it, so stronger ones later still verify the old hashes.
  password_hash    text NOT NULL CHECK (password_hash LIKE '$argon2id$%' AND char_length(password_hash) <= 300),
  -- The TOTP key (base32). Set and not enabled: an enrolment waiting for its
  -- first code. The server must read the key itself to check a code, so it
  -- cannot be hashed; whoever can read this table can read the leads anyway.
  totp_secret      text CHECK (char_length(totp_secret) <= 128),
  totp_enabled_at  timestamptz CHECK (totp_enabled_at IS NULL OR totp_secret IS NOT NULL),
  -- The last 30-second step a code was accepted for: a code seen once (over a
  -- shoulder, in a phishing proxy) cannot be used again.
  totp_last_step   bigint,
  created_at       timestamptz NOT NULL DEFAULT now(),
  password_set_at  timestamptz NOT NULL DEFAULT now()
);

-- Codes for a lost authenticator, each good for one sign-in: using one deletes
-- its row. They are random (50 bits), not chosen by a person, so a SHA-256
-- digest is enough to keep a stolen table from yielding them; argon2 would cost
-- a second per sign-in trying ten of them.
CREATE TABLE admin_backup_codes (
  account_id  bigint NOT NULL REFERENCES admin_accounts (id) ON DELETE CASCADE,
  code_hash   bytea NOT NULL CHECK (octet_length(code_hash) = 32),
  PRIMARY KEY (account_id, code_hash)
);

-- Sessions live here, not in a signed cookie, so that every server instance
-- sees the same ones and one can be ended at once: on sign-out, when the
-- password is reset, when the account is removed (the cascade). Only a SHA-256
-- digest of the cookie's random id is kept: a copy of the table signs nobody in.
-- `csrf_token` is the synchronizer token every change must echo in a header.
CREATE TABLE admin_sessions (
  id_hash       bytea PRIMARY KEY CHECK (octet_length(id_hash) = 32),
  account_id    bigint NOT NULL REFERENCES admin_accounts (id) ON DELETE CASCADE,
  csrf_token    text NOT NULL CHECK (char_length(csrf_token) <= 100),
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now()
);

-- Ending every session of an account; deleting the ones idle too long.
CREATE INDEX admin_sessions_account_idx ON admin_sessions (account_id);
CREATE INDEX admin_sessions_last_seen_idx ON admin_sessions (last_seen_at);

-- Who did what in the inbox, for the operator to answer "who erased this?".
-- The actor is an email, not a reference, and `lead_id` has no foreign key: the
-- record must outlive a removed account and an erased lead. So `detail` must
-- never hold a lead's personal data, or an erasure would leave it behind.
CREATE TABLE admin_audit (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at           timestamptz NOT NULL DEFAULT now(),
  actor_email  text NOT NULL CHECK (char_length(actor_email) <= 320),
  action       text NOT NULL CHECK (char_length(action) <= 100),
  lead_id      bigint,
  detail       jsonb NOT NULL DEFAULT '{}'::jsonb
);

CREATE INDEX admin_audit_at_idx ON admin_audit (at);
CREATE INDEX admin_audit_lead_idx ON admin_audit (lead_id, at) WHERE lead_id IS NOT NULL;
