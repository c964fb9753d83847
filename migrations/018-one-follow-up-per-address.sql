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
