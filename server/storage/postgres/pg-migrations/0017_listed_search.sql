-- No-op on PostgreSQL: SQLite's 0017 added a second FTS5 index keyed by start time, so that a
-- search listing's total is counted inside the index. PostgreSQL searches events_search (0004)
-- with the same candidates and filters, and orders them with the listing's own indexes.
SELECT 1;
