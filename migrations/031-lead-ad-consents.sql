-- A lead's consent to be reported to the ad platforms, and what they match it
-- by (docs/decisions/047-ads-consent-beside-the-lead.md). One row per
-- application that consented, written in the insert's own statement; none
-- without consent. Deleted with its application (erasure, retention, spam
-- retention, a merge). The server's own: a page posting straight to Supabase
-- sends no conversions.
CREATE TABLE lead_ad_consents (
  application_id  bigint PRIMARY KEY REFERENCES contact_submissions (id) ON DELETE CASCADE,
  given_at        timestamptz NOT NULL DEFAULT now(),
  -- The words the visitor was shown beside the box they ticked, or 'implied'
  -- (CONVERSIONS_CONSENT=implied: the operator's policy covers it).
  words           text NOT NULL CHECK (btrim(words) <> '' AND char_length(words) <= 2000),
  -- As the server read them from the insert request: the client's address
  -- (through TRUST_PROXY), its User-Agent, and the page it applied on (its Referer).
  client_ip       text CHECK (char_length(client_ip) <= 64),
  user_agent      text CHECK (char_length(user_agent) <= 1024),
  landing_url     text CHECK (char_length(landing_url) <= 2048)
);
