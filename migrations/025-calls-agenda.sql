-- The inbox's calls agenda (docs/decisions/042-agency-time-zone-and-calls-agenda.md).

-- The link to join the call, when the provider gave one: Calendly's
-- scheduled_event.location.join_url (Zoom, Google Meet, Teams, Webex), Cal.com's
-- metadata.videoCallUrl. Kept as sent, an http(s) URL only.
ALTER TABLE bookings ADD COLUMN join_url text
  CHECK (char_length(join_url) <= 2000 AND join_url ~ '^https?://');

-- The agenda reads the calls still on, by their start: a range of this index
-- however many bookings the inbox holds.
CREATE INDEX bookings_agenda_idx ON bookings (starts_at, id)
  WHERE state = 'scheduled' AND application_id IS NOT NULL;
