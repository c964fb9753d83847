-- Whose turn it is, as one function: the pipeline's insert trigger asks it for
-- a new lead, and the server for a lead taken out of spam, whose pipeline row
-- was made while it was spam (spam gets no owner). The turn is taken only when
-- someone takes new leads, so a lead nobody is chosen for spends no number.
CREATE FUNCTION lead_owner_in_turn() RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  takers bigint[];
BEGIN
  SELECT array_agg(id ORDER BY id) INTO takers FROM admin_accounts WHERE takes_new_leads;
  IF takers IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN takers[1 + nextval('lead_owner_turn') % array_length(takers, 1)];
END
$$;

CREATE OR REPLACE FUNCTION lead_pipeline_owner_in_turn() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM contact_submissions WHERE id = NEW.application_id AND spam) THEN
    NEW.owner := lead_owner_in_turn();
  END IF;
  RETURN NEW;
END
$$;
