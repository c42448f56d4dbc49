-- No-op on PostgreSQL: SQLite's 0007 rebuilt events_listing to cover end_utc, and the
-- PostgreSQL 0004 creates it that way (as an INCLUDE column).
SELECT 1;
