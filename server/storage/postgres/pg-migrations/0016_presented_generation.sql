-- No-op on PostgreSQL: SQLite's 0016 added a generation of presented events, which its 0024
-- replaced by the content version (PostgreSQL's 0024).
SELECT 1;
