-- Background jobs that only one server process may run at a time (scheduled publishing): the
-- process that holds a job's lease runs it, and renews it on each run. A lease is claimed in a
-- write transaction, so two processes cannot both take it; a process that dies stops renewing
-- and another takes the job over once the lease has run out.
CREATE TABLE job_leases (
  name TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  until_utc TEXT NOT NULL
) STRICT;
