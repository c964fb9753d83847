-- Conversions to the ad platforms (docs/decisions/048-conversions-from-their-own-outbox-rows.md):
-- which platforms the servers send to, and a row per lead, platform, stage and
-- kind, written by triggers in the transaction of the change that causes it.

-- One row per platform. Each server writes `configured` and the token's
-- fingerprint (a prefix of its SHA-256, never the token) at start; the
-- triggers below write rows for the configured ones only. A platform that
-- refused its token is paused with that token's fingerprint: a server starting
-- with another lifts the pause.
CREATE TABLE conversion_platforms (
  platform            text PRIMARY KEY CHECK (platform IN ('meta', 'google', 'tiktok')),
  configured          boolean NOT NULL DEFAULT false,
  token_fingerprint   text CHECK (char_length(token_fingerprint) <= 64),
  paused_at           timestamptz,
  paused_reason       text CHECK (char_length(paused_reason) <= 1000),
  paused_fingerprint  text CHECK (char_length(paused_fingerprint) <= 64),
  last_success_at     timestamptz,
  last_error_at       timestamptz,
  last_error          text CHECK (char_length(last_error) <= 1000)
);
INSERT INTO conversion_platforms (platform) VALUES ('meta'), ('google'), ('tiktok');

-- What one platform is told of one lead. `kind` is the conversion itself or
-- one of Google's adjustments of it; `revision` is 0 but for a restatement
-- (the won outcome it restates), so a repeat of the same change writes
-- nothing. The id on the wire is `<submission_id>:<stage>`, derived, so a
-- resend carries the same. A claim works as a delivery's does (migrations/006).
CREATE TABLE lead_conversions (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id   bigint NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
  platform         text NOT NULL REFERENCES conversion_platforms (platform),
  stage            text NOT NULL CHECK (stage IN ('application', 'booked', 'showed', 'won')),
  kind             text NOT NULL DEFAULT 'conversion' CHECK (kind IN ('conversion', 'retraction', 'restatement')),
  revision         bigint NOT NULL DEFAULT 0,
  occurred_at      timestamptz NOT NULL DEFAULT now(),
  amount_minor     bigint CHECK (amount_minor >= 0),
  currency         text CHECK (currency ~ '^[A-Z]{3}$'),
  state            text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'skipped', 'expired', 'failed')),
  reason           text CHECK (char_length(reason) <= 1000),
  trace_id         text CHECK (char_length(trace_id) <= 300),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  claim            uuid,
  created_at       timestamptz NOT NULL DEFAULT now(),
  finished_at      timestamptz,
  UNIQUE (application_id, platform, stage, kind, revision),
  CHECK ((kind = 'restatement') = (revision <> 0)),
  CHECK (kind = 'conversion' OR platform = 'google')
);

-- The rows due, per platform; the unique key finds a lead's own.
CREATE INDEX lead_conversions_due_idx ON lead_conversions (platform, next_attempt_at) WHERE state = 'pending';

-- One stage's conversion for every configured platform, or Google's adjustment.
CREATE FUNCTION lead_conversions_queue(lead bigint, stage_name text, kind_name text, at timestamptz,
  amount bigint DEFAULT NULL, cur text DEFAULT NULL, due timestamptz DEFAULT now()) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO lead_conversions (application_id, platform, stage, kind, occurred_at, amount_minor, currency, next_attempt_at)
  SELECT lead, p.platform, stage_name, kind_name, at, amount, cur, due
  FROM conversion_platforms p
  WHERE p.configured AND (kind_name = 'conversion' OR p.platform = 'google')
  ON CONFLICT (application_id, platform, stage, kind, revision) DO NOTHING
$$;

-- Once per insert statement, so a batched insert pays one call: with no
-- platform configured the join is empty.
CREATE FUNCTION lead_conversions_on_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_conversions (application_id, platform, stage, occurred_at)
  SELECT n.id, p.platform, 'application', n.created_at
  FROM inserted n CROSS JOIN conversion_platforms p
  WHERE p.configured AND NOT n.spam;
  RETURN NULL;
END
$$;

CREATE TRIGGER lead_conversions_on_insert
  AFTER INSERT ON contact_submissions REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION lead_conversions_on_insert();

-- Taken out of spam, it applied now.
CREATE FUNCTION lead_conversions_not_spam() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_conversions_queue(NEW.id, 'application', 'conversion', now());
  RETURN NULL;
END
$$;

CREATE TRIGGER lead_conversions_not_spam
  AFTER UPDATE OF spam ON contact_submissions
  FOR EACH ROW WHEN (OLD.spam AND NOT NEW.spam) EXECUTE FUNCTION lead_conversions_not_spam();

-- A no-show: a showed not yet sent (nor being sent: claimed, its claim
-- running) is skipped; one sent, or being sent, is retracted on Google (the
-- worker sends it once it has ended, and skips it when it was never sent).
CREATE FUNCTION lead_conversions_no_show(lead bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lead_conversions SET state = 'skipped', reason = 'a no-show was recorded before it was sent', finished_at = now()
  WHERE application_id = lead AND stage = 'showed' AND kind = 'conversion' AND state = 'pending'
    AND (claim IS NULL OR next_attempt_at <= now());
  INSERT INTO lead_conversions (application_id, platform, stage, kind)
  SELECT lead, 'google', 'showed', 'retraction' FROM lead_conversions c
  WHERE c.application_id = lead AND c.platform = 'google' AND c.stage = 'showed' AND c.kind = 'conversion'
    AND c.state IN ('sent', 'pending')
  ON CONFLICT (application_id, platform, stage, kind, revision) DO NOTHING;
END
$$;

-- A booking linked to a lead while scheduled books it; cancelled and not
-- replaced, Google's booked is retracted a minute later, unless the lead has
-- a call scheduled again by then (the worker checks). A retraction skipped
-- for a rebooking is armed again by the next cancel.
CREATE FUNCTION lead_conversions_follow_bookings() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.application_id IS NULL THEN
    RETURN NULL;
  END IF;
  IF NEW.state = 'scheduled' THEN
    IF TG_OP = 'INSERT' OR OLD.application_id IS DISTINCT FROM NEW.application_id OR OLD.state <> 'scheduled' THEN
      PERFORM lead_conversions_queue(NEW.application_id, 'booked', 'conversion', now());
    END IF;
  ELSIF NEW.state = 'canceled' AND TG_OP = 'UPDATE' AND OLD.state = 'scheduled' AND NEW.replaced_by IS NULL THEN
    INSERT INTO lead_conversions (application_id, platform, stage, kind, next_attempt_at)
    SELECT NEW.application_id, 'google', 'booked', 'retraction', now() + interval '1 minute' FROM lead_conversions c
    WHERE c.application_id = NEW.application_id AND c.platform = 'google' AND c.stage = 'booked' AND c.kind = 'conversion'
    ON CONFLICT (application_id, platform, stage, kind, revision) DO UPDATE
      SET state = 'pending', reason = NULL, finished_at = NULL, attempts = 0, occurred_at = now(),
        next_attempt_at = excluded.next_attempt_at
      WHERE lead_conversions.state = 'skipped';
  ELSIF NEW.state = 'no_show' AND (TG_OP = 'INSERT' OR OLD.state <> 'no_show') THEN
    PERFORM lead_conversions_no_show(NEW.application_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER lead_conversions_follow_bookings
  AFTER INSERT OR UPDATE OF application_id, state ON bookings
  FOR EACH ROW EXECUTE FUNCTION lead_conversions_follow_bookings();

-- Outcomes are only ever added (a correction is a new row). Showed or won:
-- showed. Won: won with its amount; a won still waiting takes the new amount,
-- one sent (or being sent) on Google is restated (the worker skips a
-- restatement of the amount already sent).
CREATE FUNCTION lead_conversions_follow_outcomes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.outcome IN ('showed', 'won') THEN
    PERFORM lead_conversions_queue(NEW.application_id, 'showed', 'conversion', NEW.at);
  ELSIF NEW.outcome = 'no_show' THEN
    PERFORM lead_conversions_no_show(NEW.application_id);
  END IF;
  IF NEW.outcome = 'won' THEN
    UPDATE lead_conversions SET amount_minor = NEW.amount_minor, currency = NEW.currency
    WHERE application_id = NEW.application_id AND stage = 'won' AND kind = 'conversion' AND state = 'pending'
    AND (claim IS NULL OR next_attempt_at <= now());
    PERFORM lead_conversions_queue(NEW.application_id, 'won', 'conversion', NEW.at, NEW.amount_minor, NEW.currency);
    INSERT INTO lead_conversions (application_id, platform, stage, kind, revision, occurred_at, amount_minor, currency)
    SELECT NEW.application_id, 'google', 'won', 'restatement', NEW.id, NEW.at, NEW.amount_minor, NEW.currency
    FROM lead_conversions c
    WHERE c.application_id = NEW.application_id AND c.platform = 'google' AND c.stage = 'won' AND c.kind = 'conversion'
      AND (c.state = 'sent' OR (c.state = 'pending' AND c.claim IS NOT NULL AND c.next_attempt_at > now()))
    ON CONFLICT (application_id, platform, stage, kind, revision) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER lead_conversions_follow_outcomes
  AFTER INSERT ON lead_outcomes
  FOR EACH ROW EXECUTE FUNCTION lead_conversions_follow_outcomes();
