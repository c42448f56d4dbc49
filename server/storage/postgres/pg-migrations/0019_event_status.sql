-- Event status (docs/contract/extensions.md §E7): whether an event still takes place.
ALTER TABLE events ADD COLUMN event_status TEXT COLLATE "C" NOT NULL DEFAULT 'scheduled'
  CHECK (event_status IN ('scheduled', 'canceled', 'postponed'));
ALTER TABLE events ADD COLUMN event_status_reason TEXT COLLATE "C" NOT NULL DEFAULT '';
