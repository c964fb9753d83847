-- Owners: the teammate who works a lead, who made them so, and new leads
-- handed out in turn (docs/decisions/041-lead-owners.md). The server's own: a
-- page posting straight to Supabase never uses it.

-- A lead's owner is an account; removing the account leaves its leads
-- unassigned. Beside the status, for the same reason: not a visitor's answer.
ALTER TABLE lead_pipeline ADD COLUMN owner bigint REFERENCES admin_accounts (id) ON DELETE SET NULL;

-- "Mine" and "Unassigned" walk this index newest first and stop at a page, as
-- a status filter walks lead_pipeline_status_idx. Unassigned is owner 0 here
-- (account ids start at 1): the planner reads an index in order only after an
-- equality on the columns before, and `owner IS NULL` is none, so with a plain
-- (owner, …) index "Unassigned" sorted a fifth of the leads for each page
-- (600 ms at 100,000 leads on PGlite). The list asks for coalesce(p.owner, 0)
-- (server/leads/lead-filter.ts). One index, so an insert pays one entry more;
-- removing an account (rare) finds its leads without it.
CREATE INDEX lead_pipeline_owner_idx ON lead_pipeline ((coalesce(owner, 0)), received_at, application_id);

-- Every change of owner: to whom (an email, null for nobody), by whom, when.
-- Emails, not references, as in lead_status_changes: the history outlives a
-- removed account.
CREATE TABLE lead_owner_changes (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id  bigint NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
  owner_email     text CHECK (char_length(owner_email) <= 320),
  author          text NOT NULL CHECK (char_length(author) <= 320),
  at              timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX lead_owner_changes_application_idx ON lead_owner_changes (application_id, at);

-- The teammates the owner chose to receive new leads in turn. None chosen:
-- new leads stay unassigned.
ALTER TABLE admin_accounts ADD COLUMN takes_new_leads boolean NOT NULL DEFAULT false;

-- Whose turn it is: nextval hands each new lead the next number without a
-- lock (a counter row would be locked by every insert, and two instances
-- would queue on it), and the number modulo the chosen teammates, in id
-- order, picks the owner. A rolled-back insert skips a number: the turns stay
-- even to within one.
CREATE SEQUENCE lead_owner_turn AS bigint;

-- A lead's pipeline row is made by the insert's trigger (migrations/015), or
-- when a lead leaves spam; this gives it its owner in turn, spam left out. Its
-- own trigger rather than another copy of the insert's: the insert's function
-- stays one definition. With nobody chosen it costs one read of the few
-- accounts. Copies and restores run with triggers off, so an unassigned lead
-- stays unassigned there.
CREATE FUNCTION lead_pipeline_owner_in_turn() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  takers bigint[];
BEGIN
  SELECT array_agg(id ORDER BY id) INTO takers FROM admin_accounts WHERE takes_new_leads;
  IF takers IS NOT NULL AND NOT EXISTS (SELECT 1 FROM contact_submissions WHERE id = NEW.application_id AND spam) THEN
    NEW.owner := takers[1 + nextval('lead_owner_turn') % array_length(takers, 1)];
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER lead_pipeline_owner_in_turn
  BEFORE INSERT ON lead_pipeline
  FOR EACH ROW WHEN (NEW.owner IS NULL) EXECUTE FUNCTION lead_pipeline_owner_in_turn();
