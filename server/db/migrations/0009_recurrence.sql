-- Recurring events (docs/contract/extensions.md §E1). A series is its first occurrence (the parent event) and
-- the rule that gives the others. Every occurrence is an event row of its own, so listings,
-- filters, counts, search, public pages and permissions treat it like any event; this table
-- keeps what the rows cannot: the rule, where generation stands, and what new rows look like.
CREATE TABLE series (
  -- The parent event's id, which is the `series_id` of every occurrence. Not a foreign key: the
  -- series outlives its parent's deletion from the trash (the other occurrences keep it).
  id INTEGER PRIMARY KEY,
  -- The recurrence as canonical RFC 5545 lines (a JSON array); '[]' once the series has ended.
  -- Kept as lines so that feeds export RRULE/EXDATE/RDATE as they are.
  lines TEXT NOT NULL,
  -- DTSTART and the first occurrence's end, wall times in `timezone`; each occurrence repeats
  -- them on its own day (shared/recurrence/expand.ts).
  timezone TEXT NOT NULL,
  all_day INTEGER NOT NULL CHECK (all_day IN (0, 1)),
  start_local TEXT NOT NULL,
  end_local TEXT NOT NULL,
  -- What a newly generated occurrence gets (a JSON object of event fields and links): the
  -- series' values as last set for all, so that an occurrence changed on its own, the parent
  -- included, is never copied.
  template TEXT NOT NULL,
  -- Every occurrence starting from generated_from_utc ('' when from the first one) and before
  -- generated_until_utc exists as a row, or was removed on purpose (series_exceptions).
  generated_from_utc TEXT NOT NULL,
  generated_until_utc TEXT NOT NULL,
  -- The latest instant at which an occurrence can start; NULL when the rule never ends.
  last_start_utc TEXT,
  modified_utc TEXT NOT NULL
) STRICT;
-- The running series that time or a listing far ahead or far back may need to extend.
CREATE INDEX series_generation ON series (generated_until_utc) WHERE lines <> '[]';
CREATE INDEX series_generation_back ON series (generated_from_utc) WHERE lines <> '[]';

-- Stretches outside [generated_from_utc, generated_until_utc) whose occurrences exist because a
-- listing asked for a window far ahead or far back (the rows between are made when time, or
-- another listing, reaches them).
CREATE TABLE series_windows (
  series_id INTEGER NOT NULL REFERENCES series (id) ON DELETE CASCADE,
  from_utc TEXT NOT NULL,
  until_utc TEXT NOT NULL,
  PRIMARY KEY (series_id, from_utc)
) STRICT, WITHOUT ROWID;

-- Occurrences never to be generated again although the rule gives them: those deleted for good
-- from the trash. A trashed occurrence keeps its row, which is enough to keep it from returning.
CREATE TABLE series_exceptions (
  series_id INTEGER NOT NULL REFERENCES series (id) ON DELETE CASCADE,
  original_start_local TEXT NOT NULL,
  PRIMARY KEY (series_id, original_start_local)
) STRICT, WITHOUT ROWID;

ALTER TABLE events ADD COLUMN series_id INTEGER REFERENCES series (id) ON DELETE SET NULL;
-- The start the rule gave this occurrence, wall time in the series' zone: its identity in the
-- series (the feeds' RECURRENCE-ID), kept when the occurrence is moved.
ALTER TABLE events ADD COLUMN original_start_local TEXT;
-- The fields this occurrence changed on its own (a JSON array of field names), which later
-- edits of the whole series leave alone; NULL while it is as the series made it.
ALTER TABLE events ADD COLUMN detached TEXT;
CREATE UNIQUE INDEX events_occurrence ON events (series_id, original_start_local)
WHERE series_id IS NOT NULL;

-- Deleting a trashed occurrence for good remembers it, whichever code path deletes it.
CREATE TRIGGER events_occurrence_deleted AFTER DELETE ON events
WHEN OLD.series_id IS NOT NULL AND OLD.status = 'trash'
BEGIN
  INSERT OR IGNORE INTO series_exceptions (series_id, original_start_local)
  VALUES (OLD.series_id, OLD.original_start_local);
END;
