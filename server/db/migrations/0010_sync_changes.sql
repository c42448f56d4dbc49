-- The change log behind the sync routes (docs/contract/extensions.md E3). Every write to an event, venue,
-- organizer or term takes the next number of one counter and records it against the object, so
-- "what changed since N" is a range scan. The number is taken inside the write transaction and
-- SQLite has one writer at a time, so the numbers a reader sees committed always form a prefix:
-- a reader that sees N never later sees a smaller number appear (several server processes
-- included). Only the latest change of each object is kept: a client only needs to know that an
-- object changed after its token, and its current state is read when it is reported.

CREATE TABLE sync_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  -- Names this database's history: a restore gives it a new one, so tokens from before are refused.
  epoch TEXT NOT NULL,
  -- The last number given out.
  seq INTEGER NOT NULL,
  -- Tokens below this are older than the kept history (changes were pruned above them).
  horizon INTEGER NOT NULL
) STRICT;
INSERT INTO sync_state (id, epoch, seq, horizon) VALUES (1, lower(hex(randomblob(4))), 0, 0);

CREATE TABLE changes (
  kind TEXT NOT NULL CHECK (kind IN ('event', 'venue', 'organizer', 'category', 'tag')),
  item_id INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('created', 'updated', 'deleted')),
  -- The object's author at its last change and whether it was ever published: who may be told
  -- that an object they can no longer read is gone, without telling anyone else it existed.
  author INTEGER,
  ever_public INTEGER NOT NULL CHECK (ever_public IN (0, 1)),
  -- The user whose request made the change (set by the server after the write), for "updated by".
  by_user INTEGER,
  changed_utc TEXT NOT NULL,
  PRIMARY KEY (kind, item_id)
) STRICT, WITHOUT ROWID;
CREATE UNIQUE INDEX changes_seq ON changes (seq);
CREATE INDEX changes_time ON changes (changed_utc);

-- Events ------------------------------------------------------------------------------------

CREATE TRIGGER sync_event_insert AFTER INSERT ON events BEGIN
  UPDATE sync_state SET seq = seq + 1;
  INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
  SELECT 'event', NEW.id, seq, 'created', NEW.author, NEW.status = 'publish',
    strftime('%Y-%m-%d %H:%M:%S', 'now')
  FROM sync_state WHERE id = 1
  ON CONFLICT (kind, item_id) DO UPDATE SET seq = excluded.seq, action = excluded.action,
    author = excluded.author, ever_public = changes.ever_public OR excluded.ever_public,
    by_user = NULL,
    changed_utc = excluded.changed_utc;
END;

CREATE TRIGGER sync_event_update AFTER UPDATE ON events BEGIN
  UPDATE sync_state SET seq = seq + 1;
  INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
  SELECT 'event', NEW.id, seq, 'updated', NEW.author,
    NEW.status = 'publish' OR OLD.status = 'publish', strftime('%Y-%m-%d %H:%M:%S', 'now')
  FROM sync_state WHERE id = 1
  ON CONFLICT (kind, item_id) DO UPDATE SET seq = excluded.seq,
    action = 'updated',
    author = excluded.author, ever_public = changes.ever_public OR excluded.ever_public,
    by_user = NULL, changed_utc = excluded.changed_utc;
END;

CREATE TRIGGER sync_event_delete AFTER DELETE ON events BEGIN
  UPDATE sync_state SET seq = seq + 1;
  INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
  SELECT 'event', OLD.id, seq, 'deleted', OLD.author, OLD.status = 'publish',
    strftime('%Y-%m-%d %H:%M:%S', 'now')
  FROM sync_state WHERE id = 1
  ON CONFLICT (kind, item_id) DO UPDATE SET seq = excluded.seq, action = 'deleted',
    author = excluded.author, ever_public = changes.ever_public OR excluded.ever_public,
    by_user = NULL, changed_utc = excluded.changed_utc;
END;

-- A link that goes away without the event's row being written (its organizer or term deleted
-- for good) still changes the event's representation.
CREATE TRIGGER sync_event_organizer_unlink AFTER DELETE ON event_organizers BEGIN
  UPDATE sync_state SET seq = seq + 1;
  INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
  SELECT 'event', e.id, s.seq, 'updated', e.author, e.status = 'publish',
    strftime('%Y-%m-%d %H:%M:%S', 'now')
  FROM sync_state s, events e WHERE s.id = 1 AND e.id = OLD.event_id
  ON CONFLICT (kind, item_id) DO UPDATE SET seq = excluded.seq, action = 'updated',
    ever_public = changes.ever_public OR excluded.ever_public, by_user = NULL,
    changed_utc = excluded.changed_utc;
END;

CREATE TRIGGER sync_event_term_unlink AFTER DELETE ON event_terms BEGIN
  UPDATE sync_state SET seq = seq + 1;
  INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
  SELECT 'event', e.id, s.seq, 'updated', e.author, e.status = 'publish',
    strftime('%Y-%m-%d %H:%M:%S', 'now')
  FROM sync_state s, events e WHERE s.id = 1 AND e.id = OLD.event_id
  ON CONFLICT (kind, item_id) DO UPDATE SET seq = excluded.seq, action = 'updated',
    ever_public = changes.ever_public OR excluded.ever_public, by_user = NULL,
    changed_utc = excluded.changed_utc;
END;

-- Venues and organizers (events embed them, so their events change too) -----------------------

CREATE TRIGGER sync_venue_insert AFTER INSERT ON venues BEGIN
  UPDATE sync_state SET seq = seq + 1;
  INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
  SELECT 'venue', NEW.id, seq, 'created', NEW.author, NEW.status = 'publish',
    strftime('%Y-%m-%d %H:%M:%S', 'now')
  FROM sync_state WHERE id = 1
  ON CONFLICT (kind, item_id) DO UPDATE SET seq = excluded.seq, action = excluded.action,
    author = excluded.author, ever_public = changes.ever_public OR excluded.ever_public,
    by_user = NULL,
    changed_utc = excluded.changed_utc;
END;

CREATE TRIGGER sync_venue_update AFTER UPDATE ON venues BEGIN
  UPDATE sync_state SET seq = seq + 1;
  INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
  SELECT 'venue', NEW.id, seq, 'updated', NEW.author,
    NEW.status = 'publish' OR OLD.status = 'publish', strftime('%Y-%m-%d %H:%M:%S', 'now')
  FROM sync_state WHERE id = 1
  ON CONFLICT (kind, item_id) DO UPDATE SET seq = excluded.seq,
    action = 'updated',
    author = excluded.author, ever_public = changes.ever_public OR excluded.ever_public,
    by_user = NULL, changed_utc = excluded.changed_utc;
  INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
  SELECT 'event', e.id, s.seq + row_number() OVER (ORDER BY e.id), 'updated', e.author,
    e.status = 'publish', strftime('%Y-%m-%d %H:%M:%S', 'now')
  FROM sync_state s, events e WHERE s.id = 1 AND e.venue_id = NEW.id
  ON CONFLICT (kind, item_id) DO UPDATE SET seq = excluded.seq, action = 'updated',
    ever_public = changes.ever_public OR excluded.ever_public, by_user = NULL,
    changed_utc = excluded.changed_utc;
  UPDATE sync_state SET seq = seq + (SELECT count(*) FROM events WHERE venue_id = NEW.id);
END;

-- Deleting a venue sets its events' venue to NULL, which records those events by itself.
CREATE TRIGGER sync_venue_delete AFTER DELETE ON venues BEGIN
  UPDATE sync_state SET seq = seq + 1;
  INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
  SELECT 'venue', OLD.id, seq, 'deleted', OLD.author, OLD.status = 'publish',
    strftime('%Y-%m-%d %H:%M:%S', 'now')
  FROM sync_state WHERE id = 1
  ON CONFLICT (kind, item_id) DO UPDATE SET seq = excluded.seq, action = 'deleted',
    author = excluded.author, ever_public = changes.ever_public OR excluded.ever_public,
    by_user = NULL, changed_utc = excluded.changed_utc;
END;

CREATE TRIGGER sync_organizer_insert AFTER INSERT ON organizers BEGIN
  UPDATE sync_state SET seq = seq + 1;
  INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
  SELECT 'organizer', NEW.id, seq, 'created', NEW.author, NEW.status = 'publish',
    strftime('%Y-%m-%d %H:%M:%S', 'now')
  FROM sync_state WHERE id = 1
  ON CONFLICT (kind, item_id) DO UPDATE SET seq = excluded.seq, action = excluded.action,
    author = excluded.author, ever_public = changes.ever_public OR excluded.ever_public,
    by_user = NULL,
    changed_utc = excluded.changed_utc;
END;

CREATE TRIGGER sync_organizer_update AFTER UPDATE ON organizers BEGIN
  UPDATE sync_state SET seq = seq + 1;
  INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
  SELECT 'organizer', NEW.id, seq, 'updated', NEW.author,
    NEW.status = 'publish' OR OLD.status = 'publish', strftime('%Y-%m-%d %H:%M:%S', 'now')
  FROM sync_state WHERE id = 1
  ON CONFLICT (kind, item_id) DO UPDATE SET seq = excluded.seq,
    action = 'updated',
    author = excluded.author, ever_public = changes.ever_public OR excluded.ever_public,
    by_user = NULL, changed_utc = excluded.changed_utc;
  INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
  SELECT 'event', e.id, s.seq + row_number() OVER (ORDER BY e.id), 'updated', e.author,
    e.status = 'publish', strftime('%Y-%m-%d %H:%M:%S', 'now')
  FROM sync_state s, event_organizers eo, events e
  WHERE s.id = 1 AND eo.organizer_id = NEW.id AND e.id = eo.event_id
  ON CONFLICT (kind, item_id) DO UPDATE SET seq = excluded.seq, action = 'updated',
    ever_public = changes.ever_public OR excluded.ever_public, by_user = NULL,
    changed_utc = excluded.changed_utc;
  UPDATE sync_state
  SET seq = seq + (SELECT count(*) FROM event_organizers WHERE organizer_id = NEW.id);
END;

-- Deleting an organizer deletes its links, which records the events (sync_event_organizer_unlink).
CREATE TRIGGER sync_organizer_delete AFTER DELETE ON organizers BEGIN
  UPDATE sync_state SET seq = seq + 1;
  INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
  SELECT 'organizer', OLD.id, seq, 'deleted', OLD.author, OLD.status = 'publish',
    strftime('%Y-%m-%d %H:%M:%S', 'now')
  FROM sync_state WHERE id = 1
  ON CONFLICT (kind, item_id) DO UPDATE SET seq = excluded.seq, action = 'deleted',
    author = excluded.author, ever_public = changes.ever_public OR excluded.ever_public,
    by_user = NULL, changed_utc = excluded.changed_utc;
END;

-- Categories and tags: public, so every change may be told to everyone -------------------------

CREATE TRIGGER sync_term_insert AFTER INSERT ON terms BEGIN
  UPDATE sync_state SET seq = seq + 1;
  INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
  SELECT NEW.taxonomy, NEW.id, seq, 'created', NULL, 1, strftime('%Y-%m-%d %H:%M:%S', 'now')
  FROM sync_state WHERE id = 1
  ON CONFLICT (kind, item_id) DO UPDATE SET seq = excluded.seq, action = excluded.action,
    by_user = NULL, changed_utc = excluded.changed_utc;
END;

-- A term's count moves with every published event carrying it: that changes the term, but the
-- copies of the term inside events are not recorded for it (see docs: embedded counts).
CREATE TRIGGER sync_term_update AFTER UPDATE ON terms BEGIN
  UPDATE sync_state SET seq = seq + 1;
  INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
  SELECT NEW.taxonomy, NEW.id, seq, 'updated', NULL, 1, strftime('%Y-%m-%d %H:%M:%S', 'now')
  FROM sync_state WHERE id = 1
  ON CONFLICT (kind, item_id) DO UPDATE SET seq = excluded.seq,
    action = 'updated',
    by_user = NULL, changed_utc = excluded.changed_utc;
END;

CREATE TRIGGER sync_term_rename AFTER UPDATE OF name, slug, description, parent ON terms
WHEN OLD.name IS NOT NEW.name OR OLD.slug IS NOT NEW.slug
  OR OLD.description IS NOT NEW.description OR OLD.parent IS NOT NEW.parent
BEGIN
  INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
  SELECT 'event', e.id, s.seq + row_number() OVER (ORDER BY e.id), 'updated', e.author,
    e.status = 'publish', strftime('%Y-%m-%d %H:%M:%S', 'now')
  FROM sync_state s, event_terms et, events e
  WHERE s.id = 1 AND et.term_id = NEW.id AND e.id = et.event_id
  ON CONFLICT (kind, item_id) DO UPDATE SET seq = excluded.seq, action = 'updated',
    ever_public = changes.ever_public OR excluded.ever_public, by_user = NULL,
    changed_utc = excluded.changed_utc;
  UPDATE sync_state SET seq = seq + (SELECT count(*) FROM event_terms WHERE term_id = NEW.id);
END;

CREATE TRIGGER sync_term_delete AFTER DELETE ON terms BEGIN
  UPDATE sync_state SET seq = seq + 1;
  INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
  SELECT OLD.taxonomy, OLD.id, seq, 'deleted', NULL, 1, strftime('%Y-%m-%d %H:%M:%S', 'now')
  FROM sync_state WHERE id = 1
  ON CONFLICT (kind, item_id) DO UPDATE SET seq = excluded.seq, action = 'deleted',
    by_user = NULL, changed_utc = excluded.changed_utc;
END;

-- What exists already is recorded once, so a first token covers it.
INSERT INTO changes (kind, item_id, seq, action, author, ever_public, changed_utc)
SELECT kind, item_id, row_number() OVER (ORDER BY kind, item_id), 'created', author, ever_public,
  strftime('%Y-%m-%d %H:%M:%S', 'now')
FROM (
  SELECT 'event' AS kind, id AS item_id, author, status = 'publish' AS ever_public FROM events
  UNION ALL SELECT 'venue', id, author, status = 'publish' FROM venues
  UNION ALL SELECT 'organizer', id, author, status = 'publish' FROM organizers
  UNION ALL SELECT taxonomy, id, NULL, 1 FROM terms
);
UPDATE sync_state SET seq = (SELECT count(*) FROM changes);
