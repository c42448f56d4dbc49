-- Counters that limit clients (the failed sign-in throttle: failures per client and login), kept
-- here rather than in each process's memory so that every process on the file counts against the
-- same budget. A counter belongs to a window ending at reset_ms (milliseconds since the epoch);
-- once it has ended the next hit starts again from one, and the background sweep deletes it.
CREATE TABLE limit_counters (
  key TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  reset_ms INTEGER NOT NULL
) STRICT;
CREATE INDEX limit_counters_reset ON limit_counters (reset_ms);
