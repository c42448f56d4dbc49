-- SQLite's full-text indexes are written once per group of writes (its migration 0030: FTS5
-- writes a segment at every savepoint). PostgreSQL's events_search is an ordinary table with a
-- GIN index, written by its row trigger (0004) as before. Nothing to do here.
SELECT 1;
