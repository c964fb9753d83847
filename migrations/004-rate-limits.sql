-- Counters the server keeps per client address, in one place for every
-- instance on the same database: submissions a minute, wrong service-role keys
-- a quarter of an hour. One row per key and fixed window, counted by a single
-- atomic upsert. The server's own: Supabase never needs it.
--
-- UNLOGGED: a counter is not worth a WAL write and sync on every request; after
-- a database crash the table comes back empty, which only restarts the windows.
CREATE UNLOGGED TABLE rate_limit_hits (
  key         text PRIMARY KEY CHECK (char_length(key) <= 200),
  hits        integer NOT NULL,
  expires_at  timestamptz NOT NULL
);

-- For deleting the windows that have ended.
CREATE INDEX rate_limit_hits_expires_at_idx ON rate_limit_hits (expires_at);
