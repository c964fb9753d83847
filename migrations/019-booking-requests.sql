-- A Cal.com booking that waits for the host's confirmation (docs/decisions/034-booking-provider-payloads.md).
-- Cal.com's BOOKING_REQUESTED carries the booking link's metadata, our
-- application id among it; the BOOKING_CREATED it sends when the host
-- confirms carries only the video link there. The request's uid is kept with
-- the lead it matched, so the confirmation finds its lead by uid, whatever
-- email the applicant typed. Not a booking yet: nothing shows it until the
-- host confirms. It goes with its lead.
CREATE TABLE booking_requests (
  provider             text NOT NULL CHECK (provider IN ('calendly', 'calcom')),
  provider_booking_id  text NOT NULL CHECK (char_length(provider_booking_id) <= 500),
  application_id       bigint NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
  requested_at         timestamptz NOT NULL,
  PRIMARY KEY (provider, provider_booking_id)
);

-- The lead's requests go with it: the cascade looks them up by lead.
CREATE INDEX booking_requests_application_idx ON booking_requests (application_id);
