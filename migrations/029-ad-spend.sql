-- Ad spend and the money table (docs/decisions/045-spend-and-return-on-spend.md).

-- What the agency paid for its clicks: per source (the funnel's source words,
-- lower-cased), per campaign or for the whole source (campaign ''), for one
-- day or one calendar month (day holds the month's first day). Integer minor
-- units, in CURRENCY. One row per key: entering the same key again replaces
-- its amount, which makes a re-import of the same file change nothing.
CREATE TABLE ad_spend (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  per           text NOT NULL CHECK (per IN ('day', 'month')),
  day           date NOT NULL CHECK (per = 'day' OR extract(day FROM day) = 1),
  source        text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 100 AND source = lower(btrim(source))),
  campaign      text NOT NULL DEFAULT '' CHECK (char_length(campaign) <= 200 AND campaign = btrim(campaign)),
  amount_minor  bigint NOT NULL CHECK (amount_minor >= 0),
  currency      text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  created_by    bigint REFERENCES admin_accounts (id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ad_spend_key UNIQUE (per, day, source, campaign)
);

-- The Spend screen lists a range newest first; the money table reads a range's rows.
CREATE INDEX ad_spend_day_idx ON ad_spend (day, id);
