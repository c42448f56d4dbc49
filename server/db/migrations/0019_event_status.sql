-- Event status (docs/contract/extensions.md §E7): whether an event still takes place. A canceled
-- or postponed event stays listed and published (trashing is a different act); the reason is
-- plain text shown beside the mark, '' when none was given.
ALTER TABLE events ADD COLUMN event_status TEXT NOT NULL DEFAULT 'scheduled'
  CHECK (event_status IN ('scheduled', 'canceled', 'postponed'));
ALTER TABLE events ADD COLUMN event_status_reason TEXT NOT NULL DEFAULT '';
