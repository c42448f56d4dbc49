-- Background jobs that only one server process of the calendar may run at a time: the node
-- that holds a job's lease runs it and renews it on each run; a node that dies stops renewing
-- and another takes the job over once the lease has run out. A lease is taken by one statement
-- (`INSERT … ON CONFLICT DO UPDATE … WHERE until_utc < now OR owner = me`), which row locking
-- makes atomic across nodes.
CREATE TABLE job_leases (
  name TEXT COLLATE "C" PRIMARY KEY,
  owner TEXT COLLATE "C" NOT NULL,
  until_utc TEXT COLLATE "C" NOT NULL
);
