-- The inbox's "New" marker: which leads each account has not opened yet
-- (docs/decisions/030-live-inbox.md). The server's own: a page posting
-- straight to Supabase never uses it.

-- One row per account and lead it has not opened; opening the lead's page
-- deletes it. Rows of what is unopened, not of what is opened: the nav's count
-- reads at most 100 of an account's rows by its primary key, however many
-- leads the others opened or nobody did, and a lead received before an account
-- existed has no row for it, so a new teammate starts with nothing new. Leads
-- stored before this migration have no row either: nobody starts with every
-- lead of the past marked new. The account's removal and the lead's erasure
-- delete the rows with them.
CREATE TABLE lead_unopened (
  account_id      bigint NOT NULL REFERENCES admin_accounts (id) ON DELETE CASCADE,
  application_id  bigint NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
  PRIMARY KEY (account_id, application_id)
);

-- An erasure's cascade finds a lead's rows.
CREATE INDEX lead_unopened_application_idx ON lead_unopened (application_id);

-- A lead (not spam: spam is never new) is unopened by every account there is
-- when it arrives, in the one trigger after the insert (migrations/011).
CREATE OR REPLACE FUNCTION contact_submissions_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_pipeline (application_id, received_at) VALUES (NEW.id, NEW.created_at);
  IF NOT NEW.spam THEN
    INSERT INTO lead_outbox (application_id) VALUES (NEW.id);
    INSERT INTO lead_unopened (account_id, application_id) SELECT id, NEW.id FROM admin_accounts;
  END IF;
  RETURN NULL;
END
$$;
