-- Counters that limit clients (the failed sign-in throttle: failures per client and login), kept
-- here so that every node of the calendar counts against the same budget. A counter belongs to a
-- window ending at reset_ms (milliseconds since the epoch); once it has ended the next hit starts
-- again from one, and the background sweep deletes it. A hit is one
-- `INSERT … ON CONFLICT DO UPDATE … RETURNING`, which row locking makes atomic across nodes.
CREATE TABLE limit_counters (
  key TEXT COLLATE "C" PRIMARY KEY,
  count INTEGER NOT NULL,
  reset_ms BIGINT NOT NULL
);
CREATE INDEX limit_counters_reset ON limit_counters (reset_ms);
