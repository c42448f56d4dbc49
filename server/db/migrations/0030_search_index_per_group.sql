-- The full-text indexes are written once per group of writes instead of once per event.
--
-- FTS5 keeps what a transaction adds in memory and writes it as a new segment when the
-- transaction commits, but also whenever a savepoint opens, and every statement that needs a
-- statement journal (an INSERT … SELECT, an UPDATE or DELETE of several rows) opens one. Group
-- commit (storage/sqlite/group-commit.ts) runs each request in a savepoint, and an event's write
-- goes on with such statements (the change log, the links), so every event written became a
-- segment of its own in both indexes, with the merges that brings: two thirds of a create's
-- storage time on the 100,000-event benchmark.
--
-- While a group runs, its transaction holds the row id = 0 in search_pending (inserted after
-- BEGIN, deleted before COMMIT, so never committed). The events' triggers then only note the
-- event, with the values its index rows hold (those of the group's start: the first note of an
-- event is kept), and just before COMMIT the group writes the indexes from the notes
-- (storage/sqlite/search-per-group.ts): the rows whose text or listed key changed, in one
-- statement per index and kind. Without the mark (any other writer: an import's worker, the
-- command line, a migration) the triggers write the indexes at once, as before. A savepoint
-- rolled back takes its notes with it.
CREATE TABLE search_pending (
  -- The event (0: the mark of a running group).
  id INTEGER PRIMARY KEY,
  -- 1: the event had index rows when the group began, made of the values below; 0: it was new.
  indexed INTEGER NOT NULL,
  title TEXT,
  description TEXT,
  excerpt TEXT,
  -- Its rowid in events_fts_listed when the group began (NULL: not listed then).
  listed INTEGER
) STRICT;

DROP TRIGGER events_fts_insert;
DROP TRIGGER events_fts_delete;
DROP TRIGGER events_fts_update;
DROP TRIGGER events_fts_listed_insert;
DROP TRIGGER events_fts_listed_delete;
DROP TRIGGER events_fts_listed_update;

CREATE TRIGGER events_fts_insert AFTER INSERT ON events
WHEN NOT EXISTS (SELECT 1 FROM search_pending WHERE id = 0)
BEGIN
  INSERT INTO events_fts (rowid, title, description, excerpt)
  VALUES (NEW.id, NEW.title, NEW.description, NEW.excerpt);
END;

CREATE TRIGGER events_fts_delete AFTER DELETE ON events
WHEN NOT EXISTS (SELECT 1 FROM search_pending WHERE id = 0)
BEGIN
  INSERT INTO events_fts (events_fts, rowid, title, description, excerpt)
  VALUES ('delete', OLD.id, OLD.title, OLD.description, OLD.excerpt);
END;

CREATE TRIGGER events_fts_update AFTER UPDATE OF title, description, excerpt ON events
WHEN (OLD.title IS NOT NEW.title OR OLD.description IS NOT NEW.description
  OR OLD.excerpt IS NOT NEW.excerpt)
  AND NOT EXISTS (SELECT 1 FROM search_pending WHERE id = 0)
BEGIN
  INSERT INTO events_fts (events_fts, rowid, title, description, excerpt)
  VALUES ('delete', OLD.id, OLD.title, OLD.description, OLD.excerpt);
  INSERT INTO events_fts (rowid, title, description, excerpt)
  VALUES (NEW.id, NEW.title, NEW.description, NEW.excerpt);
END;

CREATE TRIGGER events_fts_listed_insert AFTER INSERT ON events
WHEN NEW.status = 'publish' AND NEW.hide_from_listings = 0 AND NEW.id < 536870912
  AND NEW.start_utc >= '1900-01-01 00:00:00' AND NEW.start_utc < '2172-01-01 00:00:00'
  AND NOT EXISTS (SELECT 1 FROM search_pending WHERE id = 0)
BEGIN
  INSERT INTO events_fts_listed (rowid, title, description, excerpt)
  VALUES (((unixepoch(NEW.start_utc) + 2208988800) << 30) | (NEW.id << 1)
      | (NEW.end_utc > datetime(NEW.start_utc, '+2 days')),
    NEW.title, NEW.description, NEW.excerpt);
END;

CREATE TRIGGER events_fts_listed_delete AFTER DELETE ON events
WHEN OLD.status = 'publish' AND OLD.hide_from_listings = 0 AND OLD.id < 536870912
  AND OLD.start_utc >= '1900-01-01 00:00:00' AND OLD.start_utc < '2172-01-01 00:00:00'
  AND NOT EXISTS (SELECT 1 FROM search_pending WHERE id = 0)
BEGIN
  DELETE FROM events_fts_listed
  WHERE rowid = ((unixepoch(OLD.start_utc) + 2208988800) << 30) | (OLD.id << 1)
    | (OLD.end_utc > datetime(OLD.start_utc, '+2 days'));
END;

CREATE TRIGGER events_fts_listed_update
AFTER UPDATE OF title, description, excerpt, status, start_utc, end_utc, hide_from_listings
ON events
WHEN (OLD.title IS NOT NEW.title OR OLD.description IS NOT NEW.description
  OR OLD.excerpt IS NOT NEW.excerpt OR OLD.status IS NOT NEW.status
  OR OLD.start_utc IS NOT NEW.start_utc OR OLD.end_utc IS NOT NEW.end_utc
  OR OLD.hide_from_listings IS NOT NEW.hide_from_listings)
  AND NOT EXISTS (SELECT 1 FROM search_pending WHERE id = 0)
BEGIN
  DELETE FROM events_fts_listed
  WHERE OLD.status = 'publish' AND OLD.hide_from_listings = 0 AND OLD.id < 536870912
    AND OLD.start_utc >= '1900-01-01 00:00:00' AND OLD.start_utc < '2172-01-01 00:00:00'
    AND rowid = ((unixepoch(OLD.start_utc) + 2208988800) << 30) | (OLD.id << 1)
      | (OLD.end_utc > datetime(OLD.start_utc, '+2 days'));
  INSERT INTO events_fts_listed (rowid, title, description, excerpt)
  SELECT ((unixepoch(NEW.start_utc) + 2208988800) << 30) | (NEW.id << 1)
      | (NEW.end_utc > datetime(NEW.start_utc, '+2 days')),
    NEW.title, NEW.description, NEW.excerpt
  WHERE NEW.status = 'publish' AND NEW.hide_from_listings = 0 AND NEW.id < 536870912
    AND NEW.start_utc >= '1900-01-01 00:00:00' AND NEW.start_utc < '2172-01-01 00:00:00';
END;

-- Within a group: the notes.
CREATE TRIGGER events_fts_note_insert AFTER INSERT ON events
WHEN EXISTS (SELECT 1 FROM search_pending WHERE id = 0)
BEGIN
  INSERT OR IGNORE INTO search_pending (id, indexed) VALUES (NEW.id, 0);
END;

CREATE TRIGGER events_fts_note_delete AFTER DELETE ON events
WHEN EXISTS (SELECT 1 FROM search_pending WHERE id = 0)
BEGIN
  INSERT OR IGNORE INTO search_pending (id, indexed, title, description, excerpt, listed)
  VALUES (OLD.id, 1, OLD.title, OLD.description, OLD.excerpt,
    CASE WHEN OLD.status = 'publish' AND OLD.hide_from_listings = 0 AND OLD.id < 536870912
      AND OLD.start_utc >= '1900-01-01 00:00:00' AND OLD.start_utc < '2172-01-01 00:00:00'
    THEN ((unixepoch(OLD.start_utc) + 2208988800) << 30) | (OLD.id << 1)
      | (OLD.end_utc > datetime(OLD.start_utc, '+2 days')) END);
END;

CREATE TRIGGER events_fts_note_update
AFTER UPDATE OF title, description, excerpt, status, start_utc, end_utc, hide_from_listings
ON events
WHEN (OLD.title IS NOT NEW.title OR OLD.description IS NOT NEW.description
  OR OLD.excerpt IS NOT NEW.excerpt OR OLD.status IS NOT NEW.status
  OR OLD.start_utc IS NOT NEW.start_utc OR OLD.end_utc IS NOT NEW.end_utc
  OR OLD.hide_from_listings IS NOT NEW.hide_from_listings)
  AND EXISTS (SELECT 1 FROM search_pending WHERE id = 0)
BEGIN
  INSERT OR IGNORE INTO search_pending (id, indexed, title, description, excerpt, listed)
  VALUES (OLD.id, 1, OLD.title, OLD.description, OLD.excerpt,
    CASE WHEN OLD.status = 'publish' AND OLD.hide_from_listings = 0 AND OLD.id < 536870912
      AND OLD.start_utc >= '1900-01-01 00:00:00' AND OLD.start_utc < '2172-01-01 00:00:00'
    THEN ((unixepoch(OLD.start_utc) + 2208988800) << 30) | (OLD.id << 1)
      | (OLD.end_utc > datetime(OLD.start_utc, '+2 days')) END);
END;
