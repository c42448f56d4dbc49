-- SQLite's full-text trigger now skips an update that leaves the text as it was; PostgreSQL's
-- (events_search_update, 0004) always had that WHEN. Nothing to do here.
SELECT 1;
