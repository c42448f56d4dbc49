-- How many listed events start on each UTC day and end on each UTC day, per status, kept exact
-- by a trigger (the SQLite migration of the same number says why).
CREATE TABLE event_day_counts (
  status TEXT COLLATE "C" NOT NULL,
  start_day TEXT COLLATE "C" NOT NULL,
  end_day TEXT COLLATE "C" NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (status, start_day, end_day)
);

CREATE FUNCTION event_day_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.hide_from_listings = 0 THEN
    UPDATE event_day_counts SET n = n - 1
    WHERE status = OLD.status AND start_day = substr(OLD.start_utc, 1, 10)
      AND end_day = substr(OLD.end_utc, 1, 10);
    DELETE FROM event_day_counts
    WHERE status = OLD.status AND start_day = substr(OLD.start_utc, 1, 10)
      AND end_day = substr(OLD.end_utc, 1, 10) AND n <= 0;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.hide_from_listings = 0 THEN
    INSERT INTO event_day_counts (status, start_day, end_day, n)
    VALUES (NEW.status, substr(NEW.start_utc, 1, 10), substr(NEW.end_utc, 1, 10), 1)
    ON CONFLICT (status, start_day, end_day) DO UPDATE SET n = event_day_counts.n + 1;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER event_day_counts_insert AFTER INSERT OR DELETE ON events
FOR EACH ROW EXECUTE FUNCTION event_day_counts();
-- The events store rewrites every column on update, so the trigger checks what really changed.
CREATE TRIGGER event_day_counts_update
AFTER UPDATE OF status, start_utc, end_utc, hide_from_listings ON events
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status
  OR OLD.start_utc IS DISTINCT FROM NEW.start_utc OR OLD.end_utc IS DISTINCT FROM NEW.end_utc
  OR OLD.hide_from_listings IS DISTINCT FROM NEW.hide_from_listings)
EXECUTE FUNCTION event_day_counts();

CREATE INDEX events_listing_end ON events (status, end_utc, start_utc) WHERE hide_from_listings = 0;
