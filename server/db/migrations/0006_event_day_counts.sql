-- How many listed events (hide_from_listings = 0) start on each UTC day and end on each UTC day,
-- per status, kept exact by triggers. The total of a listing over a long date window is then the
-- sum of a few hundred of these rows plus exact counts of the two partial edge days, instead of
-- a count of every event in the window (which grows with the calendar).
CREATE TABLE event_day_counts (
  status TEXT NOT NULL,
  start_day TEXT NOT NULL,
  end_day TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (status, start_day, end_day)
) STRICT, WITHOUT ROWID;

INSERT INTO event_day_counts (status, start_day, end_day, n)
SELECT status, substr(start_utc, 1, 10), substr(end_utc, 1, 10), count(*)
FROM events WHERE hide_from_listings = 0
GROUP BY 1, 2, 3;

CREATE TRIGGER event_day_counts_insert AFTER INSERT ON events
WHEN NEW.hide_from_listings = 0
BEGIN
  INSERT INTO event_day_counts (status, start_day, end_day, n)
  VALUES (NEW.status, substr(NEW.start_utc, 1, 10), substr(NEW.end_utc, 1, 10), 1)
  ON CONFLICT (status, start_day, end_day) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER event_day_counts_delete AFTER DELETE ON events
WHEN OLD.hide_from_listings = 0
BEGIN
  UPDATE event_day_counts SET n = n - 1
  WHERE status = OLD.status AND start_day = substr(OLD.start_utc, 1, 10)
    AND end_day = substr(OLD.end_utc, 1, 10);
  DELETE FROM event_day_counts
  WHERE status = OLD.status AND start_day = substr(OLD.start_utc, 1, 10)
    AND end_day = substr(OLD.end_utc, 1, 10) AND n <= 0;
END;

-- The events store rewrites every column on update, so the trigger checks what really changed.
CREATE TRIGGER event_day_counts_update
AFTER UPDATE OF status, start_utc, end_utc, hide_from_listings ON events
WHEN OLD.status IS NOT NEW.status OR OLD.start_utc IS NOT NEW.start_utc
  OR OLD.end_utc IS NOT NEW.end_utc OR OLD.hide_from_listings IS NOT NEW.hide_from_listings
BEGIN
  UPDATE event_day_counts SET n = n - 1
  WHERE OLD.hide_from_listings = 0 AND status = OLD.status
    AND start_day = substr(OLD.start_utc, 1, 10) AND end_day = substr(OLD.end_utc, 1, 10);
  DELETE FROM event_day_counts
  WHERE OLD.hide_from_listings = 0 AND status = OLD.status
    AND start_day = substr(OLD.start_utc, 1, 10) AND end_day = substr(OLD.end_utc, 1, 10)
    AND n <= 0;
  INSERT INTO event_day_counts (status, start_day, end_day, n)
  SELECT NEW.status, substr(NEW.start_utc, 1, 10), substr(NEW.end_utc, 1, 10), 1
  WHERE NEW.hide_from_listings = 0
  ON CONFLICT (status, start_day, end_day) DO UPDATE SET n = n + 1;
END;

-- The end edge of a window (events ending on its last day) is counted from this index alone.
CREATE INDEX events_listing_end ON events (status, end_utc, start_utc) WHERE hide_from_listings = 0;
