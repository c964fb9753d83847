-- When each channel last took a delivery. A failed attempt claimed before that
-- moment says nothing about the receiver now (it answered since), so it does
-- not count towards pausing the channel: a receiver that refuses some requests
-- and accepts the rest keeps getting leads at full speed, while one that
-- refuses everything is paused after a few failures in a row.
ALTER TABLE lead_delivery_targets ADD COLUMN delivered_at timestamptz;
