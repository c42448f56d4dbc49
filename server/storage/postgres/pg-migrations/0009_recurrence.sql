-- Recurring events (docs/contract/extensions.md §E1): the series' rule and the occurrences
-- deleted for good. SQLite's 0009 also made series_windows and two generation indexes, which
-- its 0022 dropped when occurrences became computed on read: PostgreSQL never had them.
CREATE TABLE series (
  -- The first event's id. Not a foreign key: the series outlives its first event's deletion.
  id BIGINT PRIMARY KEY,
  lines TEXT COLLATE "C" NOT NULL,
  timezone TEXT COLLATE "C" NOT NULL,
  all_day INTEGER NOT NULL CHECK (all_day IN (0, 1)),
  start_local TEXT COLLATE "C" NOT NULL,
  end_local TEXT COLLATE "C" NOT NULL,
  template TEXT COLLATE "C" NOT NULL,
  -- No longer read, written '' (kept so both engines' series rows have the same columns).
  generated_from_utc TEXT COLLATE "C" NOT NULL,
  generated_until_utc TEXT COLLATE "C" NOT NULL,
  last_start_utc TEXT COLLATE "C",
  modified_utc TEXT COLLATE "C" NOT NULL
);

CREATE TABLE series_exceptions (
  series_id BIGINT NOT NULL REFERENCES series (id) ON DELETE CASCADE,
  original_start_local TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (series_id, original_start_local)
);

ALTER TABLE events ADD COLUMN series_id BIGINT REFERENCES series (id) ON DELETE SET NULL;
ALTER TABLE events ADD COLUMN original_start_local TEXT COLLATE "C";
ALTER TABLE events ADD COLUMN detached TEXT COLLATE "C";
CREATE UNIQUE INDEX events_occurrence ON events (series_id, original_start_local)
WHERE series_id IS NOT NULL;

-- Deleting a trashed occurrence for good remembers it, whichever code path deletes it.
CREATE FUNCTION events_occurrence_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO series_exceptions (series_id, original_start_local)
  SELECT OLD.series_id, OLD.original_start_local
  WHERE EXISTS (SELECT 1 FROM series WHERE id = OLD.series_id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER events_occurrence_deleted AFTER DELETE ON events
FOR EACH ROW WHEN (OLD.series_id IS NOT NULL AND OLD.status = 'trash')
EXECUTE FUNCTION events_occurrence_deleted();
