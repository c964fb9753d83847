-- migrations/012-bookings.sql for a Supabase project.
-- Apply it after the files before it: see supabase/README.md.
-- Written by `npm run supabase:migration` from ../migrations and
-- common/application-form.ts: edit those, not this file.

-- 1. migrations/012-bookings.sql ----------------------------------------------
-- Calls booked through Calendly or Cal.com, as their webhooks report them
-- (docs/decisions/026-bookings-from-webhooks.md). Only what the inbox and the
-- funnel need is kept: never the provider's whole payload, which carries
-- answers and personal data we do not use.

-- One row per booking at the provider. A reschedule is a new booking that
-- names the one it replaces; the old one is canceled with `replaced_by` set.
-- `application_id` is null while no lead matches (the inbox lists those).
CREATE TABLE bookings (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider             text NOT NULL CHECK (provider IN ('calendly', 'calcom')),
  provider_booking_id  text NOT NULL CHECK (char_length(provider_booking_id) <= 500),
  application_id       bigint REFERENCES contact_submissions (id) ON DELETE CASCADE,
  attendee_email       text CHECK (char_length(attendee_email) <= 320),
  attendee_name        text CHECK (char_length(attendee_name) <= 300),
  starts_at            timestamptz,
  ends_at              timestamptz,
  state                text NOT NULL DEFAULT 'scheduled' CHECK (state IN ('scheduled', 'canceled', 'no_show')),
  cancel_reason        text CHECK (char_length(cancel_reason) <= 1000),
  -- The provider's id of the booking that took this one's place.
  replaced_by          text CHECK (char_length(replaced_by) <= 500),
  -- The provider's id of the booking this one replaces.
  replaces             text CHECK (char_length(replaces) <= 500),
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  canceled_at          timestamptz,
  no_show_at           timestamptz,
  -- The provider's time of the last no-show mark or unmark applied, so an
  -- older one that arrives late changes nothing.
  no_show_changed_at   timestamptz,
  UNIQUE (provider, provider_booking_id)
);

-- A lead's bookings, newest call first; the bookings no lead matched.
CREATE INDEX bookings_application_idx ON bookings (application_id, starts_at) WHERE application_id IS NOT NULL;
CREATE INDEX bookings_unmatched_idx ON bookings (created_at) WHERE application_id IS NULL;

-- One row per event applied to a booking, for the lead's timeline.
CREATE TABLE booking_events (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id   bigint NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  kind         text NOT NULL CHECK (kind IN ('created', 'rescheduled', 'canceled', 'no_show', 'no_show_removed', 'linked')),
  -- When it happened, by the provider's clock (ours for 'linked').
  occurred_at  timestamptz NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now(),
  -- Who linked an unmatched booking to a lead, for 'linked'.
  author       text CHECK (char_length(author) <= 320)
);

CREATE INDEX booking_events_booking_idx ON booking_events (booking_id, occurred_at);

-- Each delivery applied, by its provider's idempotency key: a delivery sent
-- again changes nothing. Cal.com signs no timestamp, so this is its only
-- guard against a replay; keys are kept 30 days (server/bookings/).
CREATE TABLE booking_receipts (
  provider     text NOT NULL CHECK (provider IN ('calendly', 'calcom')),
  key          text NOT NULL CHECK (char_length(key) <= 1500),
  received_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, key)
);

CREATE INDEX booking_receipts_received_at_idx ON booking_receipts (received_at);

-- 2. Supabase -----------------------------------------------------------------
-- Only the server, connecting as the database owner, reads and writes
-- bookings (the providers post to it); the API's roles get nothing of them.
ALTER TABLE bookings ENABLE ROW LEVEL SECURITY;
ALTER TABLE booking_events ENABLE ROW LEVEL SECURITY;
ALTER TABLE booking_receipts ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE bookings, booking_events, booking_receipts FROM anon, authenticated;
REVOKE ALL ON SEQUENCE bookings_id_seq, booking_events_id_seq FROM anon, authenticated;
