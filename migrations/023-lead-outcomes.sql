-- Every lead worked to an outcome (docs/decisions/040-lead-lifecycle-and-outcomes.md):
-- a "to chase" status for a cancelled call or a no-show, the reason kept with
-- each status change, the outcomes entered after a call, and their news.

-- The statuses, in common/lead-status.ts's order. A rule widened: every row
-- already stored keeps meeting it.
ALTER TABLE lead_pipeline DROP CONSTRAINT lead_pipeline_status_check;
ALTER TABLE lead_pipeline ADD CONSTRAINT lead_pipeline_status_check
  CHECK (status IN ('new', 'contacted', 'booked', 'to_chase', 'showed', 'won', 'lost'));
ALTER TABLE lead_status_changes DROP CONSTRAINT lead_status_changes_from_status_check;
ALTER TABLE lead_status_changes ADD CONSTRAINT lead_status_changes_from_status_check
  CHECK (from_status IN ('new', 'contacted', 'booked', 'to_chase', 'showed', 'won', 'lost'));
ALTER TABLE lead_status_changes DROP CONSTRAINT lead_status_changes_to_status_check;
ALTER TABLE lead_status_changes ADD CONSTRAINT lead_status_changes_to_status_check
  CHECK (to_status IN ('new', 'contacted', 'booked', 'to_chase', 'showed', 'won', 'lost'));

-- Why the status changed, when there is more to say than the status: the
-- provider's cancel reason, "No-show", a lost reason. Null for a plain move.
ALTER TABLE lead_status_changes ADD COLUMN reason text CHECK (char_length(reason) <= 1000);

-- Each outcome entered after a call, by whom; a correction is a new row, and
-- the latest row is the lead's outcome. A won amount is kept exactly, in the
-- currency's minor units (cents for USD, yen for JPY).
CREATE TABLE lead_outcomes (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id  bigint NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
  outcome         text NOT NULL CHECK (outcome IN ('showed', 'no_show', 'won', 'lost')),
  amount_minor    bigint CHECK (amount_minor >= 0),
  currency        text CHECK (currency ~ '^[A-Z]{3}$'),
  lost_reason     text CHECK (char_length(lost_reason) BETWEEN 1 AND 100),
  note            text CHECK (char_length(note) <= 1000),
  author          text NOT NULL CHECK (char_length(author) <= 320),
  at              timestamptz NOT NULL DEFAULT now(),
  CHECK ((outcome = 'won') = (amount_minor IS NOT NULL AND currency IS NOT NULL)),
  CHECK ((outcome = 'lost') = (lost_reason IS NOT NULL)),
  CHECK (outcome = 'lost' OR note IS NULL)
);

CREATE INDEX lead_outcomes_application_idx ON lead_outcomes (application_id, id);

-- A won or lost outcome is news (lead.won, lead.lost), queued in the
-- transaction that records it, as a booking event is. No foreign key, as for
-- booking_event_id: an outbox row and a delivery go with their lead.
ALTER TABLE lead_outbox ADD COLUMN outcome_id bigint;
ALTER TABLE lead_outbox DROP CONSTRAINT lead_outbox_key;
ALTER TABLE lead_outbox ADD CONSTRAINT lead_outbox_key UNIQUE NULLS NOT DISTINCT (application_id, booking_event_id, outcome_id);

ALTER TABLE lead_deliveries ADD COLUMN outcome_id bigint;
ALTER TABLE lead_deliveries DROP CONSTRAINT lead_deliveries_event_check;
ALTER TABLE lead_deliveries ADD CONSTRAINT lead_deliveries_event_check CHECK (event IN (
  'application.created', 'booking.created', 'booking.rescheduled', 'booking.canceled', 'booking.no_show', 'follow_up',
  'lead.won', 'lead.lost'));
ALTER TABLE lead_deliveries DROP CONSTRAINT lead_deliveries_key;
ALTER TABLE lead_deliveries ADD CONSTRAINT lead_deliveries_key
  UNIQUE NULLS NOT DISTINCT (application_id, event, booking_event_id, outcome_id, target);
