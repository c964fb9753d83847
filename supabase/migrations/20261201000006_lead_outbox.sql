-- migrations/006-lead-outbox.sql for a Supabase project.
-- Apply it after the files before it: see supabase/README.md.
-- Written by `npm run supabase:migration` from ../migrations and
-- common/application-form.ts: edit those, not this file.

-- 1. migrations/006-lead-outbox.sql -------------------------------------------
-- Notifications of new leads (webhooks, Slack, email), from a durable outbox.
--
-- The insert that stores an application also writes its outbox row, in the
-- same transaction, so a lead stored while no server runs (posted straight to
-- Supabase, or just before a crash) is still announced once one starts. Which
-- channels exist is the servers' configuration, unknown here: a server turns
-- each outbox row into one delivery per channel it has, and with none, into
-- nothing. Spam is never announced. Rows stay small; the message is built from
-- the application when it is sent.
CREATE TABLE lead_outbox (
  application_id  bigint PRIMARY KEY REFERENCES contact_submissions (id) ON DELETE CASCADE,
  queued_at       timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION lead_outbox_enqueue() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_outbox (application_id) VALUES (NEW.id);
  RETURN NULL;
END
$$;

-- AFTER, so the spam flag set BEFORE INSERT (migrations/003) is final.
CREATE TRIGGER lead_outbox_enqueue
  AFTER INSERT ON contact_submissions
  FOR EACH ROW WHEN (NOT NEW.spam) EXECUTE FUNCTION lead_outbox_enqueue();

-- Where a channel sends, shared by every server on the database: a webhook URL
-- that answered 410 stays disabled, and a failing one is paused as a whole so
-- it is not tried once per waiting lead. `target` names the channel without its
-- secrets ('webhook:' and a hash of the URL, 'slack', 'email'); `label` is
-- what may be shown of it.
CREATE TABLE lead_delivery_targets (
  target         text PRIMARY KEY CHECK (char_length(target) <= 100),
  label          text NOT NULL CHECK (char_length(label) <= 300),
  failures       integer NOT NULL DEFAULT 0,
  paused_until   timestamptz,
  disabled_at    timestamptz,
  disabled_note  text CHECK (char_length(disabled_note) <= 300)
);

-- One message to one channel. `message_id` is the webhook-id, the same on
-- every retry, so receivers can drop duplicates. A claim sets `next_attempt_at`
-- past the longest attempt and a new `claim`: a server that dies mid-send
-- leaves the delivery due again, and a late answer from an expired claim
-- cannot overwrite a newer one.
CREATE TABLE lead_deliveries (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id   bigint NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
  target           text NOT NULL REFERENCES lead_delivery_targets (target),
  message_id       uuid NOT NULL DEFAULT gen_random_uuid(),
  state            text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  claim            uuid,
  created_at       timestamptz NOT NULL DEFAULT now(),
  finished_at      timestamptz,
  UNIQUE (application_id, target)
);

-- The deliveries due, per channel; and deleting an application finds its own.
CREATE INDEX lead_deliveries_due_idx ON lead_deliveries (target, next_attempt_at) WHERE state = 'pending';
CREATE INDEX lead_deliveries_application_idx ON lead_deliveries (application_id);

-- Every attempt, for the inbox to show: when, how long, the HTTP status (or
-- none, for a network error or an email), and what went wrong.
CREATE TABLE lead_delivery_attempts (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id  bigint NOT NULL REFERENCES lead_deliveries (id) ON DELETE CASCADE,
  started_at   timestamptz NOT NULL,
  duration_ms  integer NOT NULL,
  status       integer,
  error        text CHECK (char_length(error) <= 1000)
);

CREATE INDEX lead_delivery_attempts_delivery_idx ON lead_delivery_attempts (delivery_id);

-- 2. Supabase -----------------------------------------------------------------
-- Only the server, connecting as the database owner, reads and writes the
-- outbox; the API's roles get nothing of it.
ALTER TABLE lead_outbox ENABLE ROW LEVEL SECURITY;
ALTER TABLE lead_delivery_targets ENABLE ROW LEVEL SECURITY;
ALTER TABLE lead_deliveries ENABLE ROW LEVEL SECURITY;
ALTER TABLE lead_delivery_attempts ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE lead_outbox, lead_delivery_targets, lead_deliveries, lead_delivery_attempts FROM anon, authenticated;
REVOKE ALL ON SEQUENCE lead_deliveries_id_seq, lead_delivery_attempts_id_seq FROM anon, authenticated;

-- The trigger fires for anon's insert, and anon may not write the outbox: it
-- runs with its owner's rights instead. That makes its search_path matter, so
-- it is fixed (pg_temp last, so no temporary table can stand in for the outbox).
ALTER FUNCTION lead_outbox_enqueue() SECURITY DEFINER SET search_path = public, pg_temp;
REVOKE EXECUTE ON FUNCTION lead_outbox_enqueue() FROM PUBLIC, anon, authenticated;
