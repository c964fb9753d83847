-- Teammates in the lead inbox (docs/inbox.md#accounts). The server's own: a
-- page posting straight to Supabase never uses it.

-- The owner adds and removes the others, the members. The first account is the
-- owner: on a database that already has accounts, the oldest. One owner at most.
ALTER TABLE admin_accounts ADD COLUMN role text NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'member'));
UPDATE admin_accounts SET role = 'owner' WHERE id = (SELECT id FROM admin_accounts ORDER BY created_at, id LIMIT 1);
CREATE UNIQUE INDEX admin_accounts_one_owner ON admin_accounts (role) WHERE role = 'owner';

-- A teammate the owner adds has no password until they choose one through
-- their set-up link; nobody signs in to an account without one.
ALTER TABLE admin_accounts ALTER COLUMN password_hash DROP NOT NULL;

-- One-time set-up links. Only a SHA-256 digest of the link's random token is
-- kept, as for sessions: a copy of the table sets up nobody's password. A used
-- link keeps its row (used_at), so that opening it again says it was used.
CREATE TABLE admin_setup_tokens (
  token_hash  bytea PRIMARY KEY CHECK (octet_length(token_hash) = 32),
  account_id  bigint NOT NULL REFERENCES admin_accounts (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

CREATE INDEX admin_setup_tokens_account_idx ON admin_setup_tokens (account_id);
