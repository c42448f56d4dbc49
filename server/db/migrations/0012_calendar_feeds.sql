-- Calendar feeds and iCalendar import (docs/contract/extensions.md §E2).

-- One row: this installation's identifier (a part of every exported UID, so that UIDs stay the
-- same across restarts, host names and ports, and differ between two installations) and the
-- calendar's generation, moved by every write a feed shows, so that a feed's validator is known
-- without building the feed, in every server process and across restarts.
-- `linked_generation` moves only with what events show of other objects (venues, organizers,
-- term names): made event text stays valid while it and the event's own row are unchanged.
CREATE TABLE calendar_feed (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  site_uid TEXT NOT NULL,
  generation INTEGER NOT NULL,
  linked_generation INTEGER NOT NULL,
  changed_utc TEXT NOT NULL
) STRICT;
INSERT INTO calendar_feed (id, site_uid, generation, linked_generation, changed_utc)
VALUES (1, lower(hex(randomblob(8))), 0, 0, strftime('%Y-%m-%d %H:%M:%S', 'now'));

-- Per event: its iCalendar SEQUENCE (grows with each update of the row) and, for an imported
-- event, the UID it came with and the source's own SEQUENCE and LAST-MODIFIED, which decide
-- whether importing the file again updates it. Events never updated nor imported have no row.
CREATE TABLE event_ical (
  event_id INTEGER PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
  sequence INTEGER NOT NULL DEFAULT 0,
  uid TEXT UNIQUE,
  source_sequence INTEGER,
  source_modified TEXT
) STRICT;

CREATE TRIGGER event_ical_sequence AFTER UPDATE ON events
BEGIN
  INSERT INTO event_ical (event_id, sequence) VALUES (NEW.id, 1)
  ON CONFLICT (event_id) DO UPDATE SET sequence = sequence + 1;
END;

-- The generation moves with events, what they link to and show (venues, organizers, terms),
-- and the settings (site zone, public URL).
CREATE TRIGGER calendar_feed_events_insert AFTER INSERT ON events
BEGIN
  UPDATE calendar_feed SET generation = generation + 1,
    changed_utc = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1;
END;
CREATE TRIGGER calendar_feed_events_update AFTER UPDATE ON events
BEGIN
  UPDATE calendar_feed SET generation = generation + 1,
    changed_utc = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1;
END;
CREATE TRIGGER calendar_feed_events_delete AFTER DELETE ON events
BEGIN
  UPDATE calendar_feed SET generation = generation + 1,
    changed_utc = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1;
END;
CREATE TRIGGER calendar_feed_venues_update AFTER UPDATE ON venues
BEGIN
  UPDATE calendar_feed SET generation = generation + 1, linked_generation = linked_generation + 1,
    changed_utc = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1;
END;
CREATE TRIGGER calendar_feed_venues_delete AFTER DELETE ON venues
BEGIN
  UPDATE calendar_feed SET generation = generation + 1, linked_generation = linked_generation + 1,
    changed_utc = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1;
END;
CREATE TRIGGER calendar_feed_organizers_update AFTER UPDATE ON organizers
BEGIN
  UPDATE calendar_feed SET generation = generation + 1, linked_generation = linked_generation + 1,
    changed_utc = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1;
END;
CREATE TRIGGER calendar_feed_organizers_delete AFTER DELETE ON organizers
BEGIN
  UPDATE calendar_feed SET generation = generation + 1, linked_generation = linked_generation + 1,
    changed_utc = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1;
END;
CREATE TRIGGER calendar_feed_terms_update AFTER UPDATE OF name, slug ON terms
BEGIN
  UPDATE calendar_feed SET generation = generation + 1, linked_generation = linked_generation + 1,
    changed_utc = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1;
END;
CREATE TRIGGER calendar_feed_terms_delete AFTER DELETE ON terms
BEGIN
  UPDATE calendar_feed SET generation = generation + 1, linked_generation = linked_generation + 1,
    changed_utc = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1;
END;
CREATE TRIGGER calendar_feed_event_terms_insert AFTER INSERT ON event_terms
BEGIN
  UPDATE calendar_feed SET generation = generation + 1,
    changed_utc = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1;
END;
CREATE TRIGGER calendar_feed_event_terms_delete AFTER DELETE ON event_terms
BEGIN
  UPDATE calendar_feed SET generation = generation + 1,
    changed_utc = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1;
END;
CREATE TRIGGER calendar_feed_event_organizers_insert AFTER INSERT ON event_organizers
BEGIN
  UPDATE calendar_feed SET generation = generation + 1,
    changed_utc = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1;
END;
CREATE TRIGGER calendar_feed_event_organizers_delete AFTER DELETE ON event_organizers
BEGIN
  UPDATE calendar_feed SET generation = generation + 1,
    changed_utc = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1;
END;
CREATE TRIGGER calendar_feed_settings_insert AFTER INSERT ON settings
BEGIN
  UPDATE calendar_feed SET generation = generation + 1,
    changed_utc = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1;
END;
CREATE TRIGGER calendar_feed_settings_update AFTER UPDATE ON settings
BEGIN
  UPDATE calendar_feed SET generation = generation + 1,
    changed_utc = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1;
END;
