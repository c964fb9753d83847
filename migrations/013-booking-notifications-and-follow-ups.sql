-- The outbox carries more than new leads (docs/decisions/027-booking-notifications-and-follow-ups.md):
-- what happens to a lead's booking, and the one follow-up email to an
-- applicant who has not booked.

-- A booking event of a lead is queued in the transaction that applies it, as
-- a new lead is by its insert. A row without `booking_event_id` is the
-- application itself. No foreign key: an outbox row goes with its lead
-- (application_id cascades), and an extra check per stored application would
-- cost the insert.
ALTER TABLE lead_outbox ADD COLUMN booking_event_id bigint;
ALTER TABLE lead_outbox DROP CONSTRAINT lead_outbox_pkey;
ALTER TABLE lead_outbox ADD CONSTRAINT lead_outbox_key UNIQUE NULLS NOT DISTINCT (application_id, booking_event_id);

-- A delivery names what it announces. One of each per lead and channel, so a
-- follow-up (whose channel is the fixed 'follow-up') is sent at most once.
ALTER TABLE lead_deliveries
  ADD COLUMN event text NOT NULL DEFAULT 'application.created' CHECK (event IN (
    'application.created', 'booking.created', 'booking.rescheduled', 'booking.canceled', 'booking.no_show', 'follow_up')),
  ADD COLUMN booking_event_id bigint;
ALTER TABLE lead_deliveries DROP CONSTRAINT lead_deliveries_application_id_target_key;
ALTER TABLE lead_deliveries ADD CONSTRAINT lead_deliveries_key UNIQUE NULLS NOT DISTINCT (application_id, event, booking_event_id, target);
-- The key above starts with the application: it finds a lead's deliveries.
DROP INDEX lead_deliveries_application_idx;

-- How far the follow-up sweep has looked: applications stored up to this time
-- have been considered. One row; the sweep locks it, so servers sharing the
-- database take turns.
CREATE TABLE follow_up_sweep (
  id            integer PRIMARY KEY CHECK (id = 1),
  swept_until   timestamptz NOT NULL
);

-- Addresses that asked for no more follow-ups, as the SHA-256 of the
-- lowercased address: kept after their leads are erased, without the address.
CREATE TABLE follow_up_opt_outs (
  email_sha256  text PRIMARY KEY CHECK (char_length(email_sha256) = 64),
  at            timestamptz NOT NULL DEFAULT now()
);

-- The key that signs unsubscribe links, made here so every server on the
-- database signs alike; it never leaves the database and the server.
CREATE TABLE site_keys (
  name  text PRIMARY KEY,
  key   text NOT NULL
);
INSERT INTO site_keys (name, key) VALUES ('follow_up_unsubscribe', gen_random_uuid()::text || gen_random_uuid()::text);
