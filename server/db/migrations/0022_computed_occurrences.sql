-- Occurrences are computed when read (docs/architecture.md, "Recurrence model"): a series is
-- stored as its rule (this table), its first event, and the occurrences changed or trashed on
-- their own. Generation to a horizon, and the windows listings made exist, are gone.

-- The series' number in the reserved id range of computed occurrences
-- (shared/recurrence/occurrence-id.ts): both parts of a split series keep it, so it is not unique.
ALTER TABLE series ADD COLUMN slot INTEGER NOT NULL DEFAULT 0;
-- Day 0 of the ids (days since 1970-01-01 of the first start's wall date); moves with the series.
ALTER TABLE series ADD COLUMN slot_origin INTEGER NOT NULL DEFAULT 0;
-- Who started the series and when: the per-user daily quota of new series counts these.
ALTER TABLE series ADD COLUMN creator INTEGER;
ALTER TABLE series ADD COLUMN created_utc TEXT NOT NULL DEFAULT '';

UPDATE series SET
  slot = (SELECT count(*) FROM series s WHERE s.id <= series.id),
  slot_origin = CAST(julianday(substr(start_local, 1, 10)) - 2440587.5 AS INTEGER),
  created_utc = modified_utc;
CREATE INDEX series_slot ON series (slot);
CREATE INDEX series_creator ON series (creator, created_utc) WHERE creator IS NOT NULL;

-- The occurrences the generator stored that nobody changed: the rule gives them again.
DELETE FROM posts WHERE id IN (
  SELECT id FROM events
  WHERE series_id IS NOT NULL AND id <> series_id AND detached IS NULL AND status <> 'trash'
    AND original_start_local = start_local
);

DROP INDEX series_generation;
DROP INDEX series_generation_back;
DROP TABLE series_windows;
-- generated_from_utc and generated_until_utc are no longer read, and written ''. They stay:
-- dropping a column leaves this connection unable to checkpoint after a change of journal mode
-- (the benchmark's seeding does exactly that), and rebuilding the table would run the foreign
-- keys' ON DELETE actions of every occurrence.
UPDATE series SET generated_from_utc = '', generated_until_utc = '';

-- Computed occurrences show the series' template (their values and links): a change to it is a
-- change to every one of them, for the remembered presentations and the listing totals.
CREATE TRIGGER presented_series_template AFTER UPDATE OF template, start_local, end_local,
  all_day, slot, slot_origin ON series
BEGIN
  UPDATE presented_generation SET generation = random() WHERE id = 1;
END;
CREATE TRIGGER calendar_feed_series_insert AFTER INSERT ON series
BEGIN
  UPDATE calendar_feed SET generation = generation + 1,
    changed_utc = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1;
END;
CREATE TRIGGER calendar_feed_series_update AFTER UPDATE ON series
BEGIN
  UPDATE calendar_feed SET generation = generation + 1,
    changed_utc = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1;
END;
CREATE TRIGGER calendar_feed_series_delete AFTER DELETE ON series
BEGIN
  UPDATE calendar_feed SET generation = generation + 1,
    changed_utc = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1;
END;
