-- Applications from the landing page. Every answer is required, non-blank and
-- bounded, so no code path can store an invalid row; the limits match
-- common/contact-submission.ts.
CREATE TABLE contact_submissions (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at  timestamptz NOT NULL DEFAULT now(),
  instagram   text NOT NULL CHECK (btrim(instagram) <> '' AND char_length(instagram) <= 200),
  name        text NOT NULL CHECK (btrim(name) <> '' AND char_length(name) <= 200),
  email       text NOT NULL CHECK (btrim(email) <> '' AND char_length(email) <= 320),
  phone       text NOT NULL CHECK (btrim(phone) <> '' AND char_length(phone) <= 50),
  business    text NOT NULL CHECK (btrim(business) <> '' AND char_length(business) <= 1000),
  budget      text NOT NULL CHECK (btrim(budget) <> '' AND char_length(budget) <= 1000),
  revenue     text NOT NULL CHECK (btrim(revenue) <> '' AND char_length(revenue) <= 1000),
  challenges  text NOT NULL CHECK (btrim(challenges) <> '' AND char_length(challenges) <= 5000)
);

CREATE INDEX contact_submissions_created_at_idx ON contact_submissions (created_at);
