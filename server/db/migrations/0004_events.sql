-- Events, their links to venues, organizers and terms, and the term counts those links drive.

CREATE TABLE events (
  id INTEGER PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  author INTEGER REFERENCES users (id) ON DELETE SET NULL,
  status TEXT NOT NULL CHECK (status IN ('publish', 'future', 'draft', 'pending', 'private', 'trash')),
  slug TEXT NOT NULL DEFAULT '',
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  excerpt TEXT NOT NULL DEFAULT '',
  date_utc TEXT NOT NULL,
  modified_utc TEXT NOT NULL,
  parent_id INTEGER REFERENCES events (id) ON DELETE SET NULL,
  -- Wall times in the event's own zone, and the same instants in UTC (docs/architecture.md, convention 7).
  timezone TEXT NOT NULL,
  start_local TEXT NOT NULL,
  end_local TEXT NOT NULL,
  start_utc TEXT NOT NULL,
  end_utc TEXT NOT NULL,
  all_day INTEGER NOT NULL DEFAULT 0 CHECK (all_day IN (0, 1)),
  -- The cost as given (a JSON array of strings) and the currency parsed from it.
  cost TEXT NOT NULL DEFAULT '[]',
  -- NULL until a website is given: the event then shows its permalink (docs/contract/compat-notes.md §11.9);
  -- '' once an update cleared it.
  website TEXT,
  show_map INTEGER NOT NULL DEFAULT 0 CHECK (show_map IN (0, 1)),
  show_map_link INTEGER NOT NULL DEFAULT 0 CHECK (show_map_link IN (0, 1)),
  hide_from_listings INTEGER NOT NULL DEFAULT 0 CHECK (hide_from_listings IN (0, 1)),
  sticky INTEGER NOT NULL DEFAULT 0 CHECK (sticky IN (0, 1)),
  featured INTEGER NOT NULL DEFAULT 0 CHECK (featured IN (0, 1)),
  venue_id INTEGER REFERENCES venues (id) ON DELETE SET NULL,
  image_id INTEGER REFERENCES media (id) ON DELETE SET NULL
) STRICT;
CREATE INDEX events_listing ON events (status, start_utc, id) WHERE hide_from_listings = 0;
-- Covers listing counts over a date window, also with the venue and featured filters, without
-- reading the table.
CREATE INDEX events_listing_span ON events (status, start_utc, end_utc, venue_id, featured)
WHERE hide_from_listings = 0;
CREATE INDEX events_start ON events (start_utc, id);
CREATE INDEX events_slug ON events (slug);
CREATE INDEX events_venue ON events (venue_id, start_utc) WHERE venue_id IS NOT NULL;
CREATE INDEX events_parent ON events (parent_id) WHERE parent_id IS NOT NULL;
CREATE INDEX events_author ON events (author, status);
-- Scheduled events, found cheaply when their publication time comes.
CREATE INDEX events_future ON events (date_utc) WHERE status = 'future';
CREATE INDEX events_featured ON events (featured, start_utc) WHERE featured = 1;

CREATE TABLE event_organizers (
  event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  organizer_id INTEGER NOT NULL REFERENCES organizers (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (event_id, organizer_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX event_organizers_organizer ON event_organizers (organizer_id, event_id);

CREATE TABLE event_terms (
  event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  term_id INTEGER NOT NULL REFERENCES terms (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (event_id, term_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX event_terms_term ON event_terms (term_id, event_id);

-- terms.count is the number of published events with the term. These triggers keep it exact
-- through every link change, status change and deletion, so term listings never count rows.
CREATE TRIGGER event_terms_count_insert AFTER INSERT ON event_terms
WHEN (SELECT status FROM events WHERE id = NEW.event_id) = 'publish'
BEGIN
  UPDATE terms SET count = count + 1 WHERE id = NEW.term_id;
END;

CREATE TRIGGER event_terms_count_delete AFTER DELETE ON event_terms
WHEN (SELECT status FROM events WHERE id = OLD.event_id) = 'publish'
BEGIN
  UPDATE terms SET count = count - 1 WHERE id = OLD.term_id;
END;

CREATE TRIGGER events_count_publish AFTER UPDATE OF status ON events
WHEN OLD.status <> 'publish' AND NEW.status = 'publish'
BEGIN
  UPDATE terms SET count = count + 1
  WHERE id IN (SELECT term_id FROM event_terms WHERE event_id = NEW.id);
END;

CREATE TRIGGER events_count_unpublish AFTER UPDATE OF status ON events
WHEN OLD.status = 'publish' AND NEW.status <> 'publish'
BEGIN
  UPDATE terms SET count = count - 1
  WHERE id IN (SELECT term_id FROM event_terms WHERE event_id = NEW.id);
END;

-- The cascade from events to event_terms runs after the event row is gone, when the delete
-- trigger above can no longer see the status; so the links go first, while it still can.
CREATE TRIGGER events_count_delete BEFORE DELETE ON events
BEGIN
  DELETE FROM event_terms WHERE event_id = OLD.id;
END;

-- Full-text search over title, description and excerpt (external content: the text lives once).
CREATE VIRTUAL TABLE events_fts USING fts5 (
  title, description, excerpt,
  content = 'events', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER events_fts_insert AFTER INSERT ON events BEGIN
  INSERT INTO events_fts (rowid, title, description, excerpt)
  VALUES (NEW.id, NEW.title, NEW.description, NEW.excerpt);
END;
CREATE TRIGGER events_fts_delete AFTER DELETE ON events BEGIN
  INSERT INTO events_fts (events_fts, rowid, title, description, excerpt)
  VALUES ('delete', OLD.id, OLD.title, OLD.description, OLD.excerpt);
END;
CREATE TRIGGER events_fts_update AFTER UPDATE OF title, description, excerpt ON events BEGIN
  INSERT INTO events_fts (events_fts, rowid, title, description, excerpt)
  VALUES ('delete', OLD.id, OLD.title, OLD.description, OLD.excerpt);
  INSERT INTO events_fts (rowid, title, description, excerpt)
  VALUES (NEW.id, NEW.title, NEW.description, NEW.excerpt);
END;
