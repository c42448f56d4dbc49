-- Calendar feeds and iCalendar import (docs/contract/extensions.md §E2): this installation's
-- identifier (part of every exported UID) and each event's iCalendar SEQUENCE and import origin.
-- SQLite's 0012 also moved a feed generation with triggers, which its 0024 replaced by the
-- content version: PostgreSQL never had them (the columns stay, so both engines' rows match).
CREATE TABLE calendar_feed (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  site_uid TEXT COLLATE "C" NOT NULL,
  generation BIGINT NOT NULL,
  linked_generation BIGINT NOT NULL,
  changed_utc TEXT COLLATE "C" NOT NULL
);
INSERT INTO calendar_feed (id, site_uid, generation, linked_generation, changed_utc)
VALUES (1, substr(md5(random()::TEXT), 1, 16), 0, 0, utc_now());

CREATE TABLE event_ical (
  event_id BIGINT PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
  sequence INTEGER NOT NULL DEFAULT 0,
  uid TEXT COLLATE "C" UNIQUE,
  source_sequence INTEGER,
  source_modified TEXT COLLATE "C"
);

CREATE FUNCTION event_ical_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_ical (event_id, sequence) VALUES (NEW.id, 1)
  ON CONFLICT (event_id) DO UPDATE SET sequence = event_ical.sequence + 1;
  RETURN NULL;
END $$;
CREATE TRIGGER event_ical_sequence AFTER UPDATE ON events
FOR EACH ROW EXECUTE FUNCTION event_ical_sequence();
