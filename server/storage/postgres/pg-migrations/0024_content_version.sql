-- One content version for every cache (docs/architecture.md, "One content version"). SQLite keeps
-- it in a row that a trigger on every content table moves. On PostgreSQL that row would be
-- updated by every write on the calendar, so any two concurrent writes, on any nodes, would
-- conflict on it (one waits, or under SERIALIZABLE one fails and runs again). The version is
-- instead the database's snapshot, pg_current_snapshot() as text (server/storage/postgres/
-- storage.ts): it changes exactly when a transaction that wrote anything ends, reads the same on
-- every node, and never comes back, since the set of ended transactions only grows. It also
-- moves with writes no answer shows (a sign-in's session): caches then make their answer again,
-- which is only work. Nothing is stored for it: this version is a no-op.
SELECT 1;
