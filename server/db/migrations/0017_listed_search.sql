-- The words of published, listed events, keyed by when they start: a search listing's total and
-- page then come from the full-text index alone, instead of checking each match's status and
-- dates on its row (docs/benchmark.md, "Search"). Contentless: the text lives once, in events.
--
-- rowid = (start in seconds since 1900-01-01 UTC) << 30 | id << 1 | long, where long is 1 when
-- the event ends more than two days after it starts. In rowid order the matches are in listing
-- order (start, then id); a date window is a rowid range; only the long events and those starting
-- within two days of the window's end can end after it, and the rowid says which they are.
-- An event starting before 1900 or from 2172 on, or with an id from 2^29 on, does not fit: it is
-- left out, and a listing finding such an event among the published ones does not use the index.
CREATE VIRTUAL TABLE events_fts_listed USING fts5 (
  title, description, excerpt,
  content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
);

INSERT INTO events_fts_listed (rowid, title, description, excerpt)
SELECT ((unixepoch(start_utc) + 2208988800) << 30) | (id << 1)
    | (end_utc > datetime(start_utc, '+2 days')),
  title, description, excerpt
FROM events
WHERE status = 'publish' AND hide_from_listings = 0 AND id < 536870912
  AND start_utc >= '1900-01-01 00:00:00' AND start_utc < '2172-01-01 00:00:00';

CREATE TRIGGER events_fts_listed_insert AFTER INSERT ON events
WHEN NEW.status = 'publish' AND NEW.hide_from_listings = 0 AND NEW.id < 536870912
  AND NEW.start_utc >= '1900-01-01 00:00:00' AND NEW.start_utc < '2172-01-01 00:00:00'
BEGIN
  INSERT INTO events_fts_listed (rowid, title, description, excerpt)
  VALUES (((unixepoch(NEW.start_utc) + 2208988800) << 30) | (NEW.id << 1)
      | (NEW.end_utc > datetime(NEW.start_utc, '+2 days')),
    NEW.title, NEW.description, NEW.excerpt);
END;

CREATE TRIGGER events_fts_listed_delete AFTER DELETE ON events
WHEN OLD.status = 'publish' AND OLD.hide_from_listings = 0 AND OLD.id < 536870912
  AND OLD.start_utc >= '1900-01-01 00:00:00' AND OLD.start_utc < '2172-01-01 00:00:00'
BEGIN
  DELETE FROM events_fts_listed
  WHERE rowid = ((unixepoch(OLD.start_utc) + 2208988800) << 30) | (OLD.id << 1)
    | (OLD.end_utc > datetime(OLD.start_utc, '+2 days'));
END;

-- The events store rewrites every column on update, so the trigger checks what really changed.
CREATE TRIGGER events_fts_listed_update
AFTER UPDATE OF title, description, excerpt, status, start_utc, end_utc, hide_from_listings
ON events
WHEN OLD.title IS NOT NEW.title OR OLD.description IS NOT NEW.description
  OR OLD.excerpt IS NOT NEW.excerpt OR OLD.status IS NOT NEW.status
  OR OLD.start_utc IS NOT NEW.start_utc OR OLD.end_utc IS NOT NEW.end_utc
  OR OLD.hide_from_listings IS NOT NEW.hide_from_listings
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
