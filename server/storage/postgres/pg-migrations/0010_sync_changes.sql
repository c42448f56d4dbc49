-- The change log behind the sync routes (docs/contract/extensions.md E3): the latest change of
-- each event, venue, organizer and term.
--
-- SQLite numbers changes from one counter inside its single writer, so the numbers a reader sees
-- committed always form a prefix. PostgreSQL has concurrent writers (several nodes): a number
-- taken from a sequence becomes visible at its transaction's commit, so a reader could see 12
-- before a slower transaction commits 11, and never see 11. Each change therefore also records
-- the transaction that made it (`xid`, pg_current_xact_id()). A reader reads only changes whose
-- transaction is below pg_snapshot_xmin(pg_current_snapshot()), the oldest transaction still
-- running: every transaction below that watermark has ended, so no change can later appear
-- below what was read. The feed's order is (xid, seq), and a position in it is one such pair.
-- Writers never wait for one another; readers lag by the longest write transaction running
-- (docs/scaling.md). A counter row updated by every writer would be exact too, but would make
-- every write in the cluster wait for the one before it to commit.
CREATE TABLE sync_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  -- Names this database's history: a restore gives it a new one, so tokens from before are refused.
  epoch TEXT COLLATE "C" NOT NULL,
  -- Unused on PostgreSQL (the feed's positions are (xid, seq)); kept so both engines' rows match.
  seq BIGINT NOT NULL,
  -- Tokens below this are older than the kept history.
  horizon BIGINT NOT NULL
);
INSERT INTO sync_state (id, epoch, seq, horizon)
VALUES (1, substr(md5(random()::TEXT), 1, 8), 0, 0);

CREATE SEQUENCE changes_seq_seq AS BIGINT;
CREATE TABLE changes (
  kind TEXT COLLATE "C" NOT NULL CHECK (kind IN ('event', 'venue', 'organizer', 'category', 'tag')),
  item_id BIGINT NOT NULL,
  seq BIGINT NOT NULL DEFAULT nextval('changes_seq_seq'),
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  action TEXT COLLATE "C" NOT NULL CHECK (action IN ('created', 'updated', 'deleted')),
  author BIGINT,
  ever_public INTEGER NOT NULL CHECK (ever_public IN (0, 1)),
  by_user BIGINT,
  changed_utc TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (kind, item_id)
);
ALTER SEQUENCE changes_seq_seq OWNED BY changes.seq;
CREATE UNIQUE INDEX changes_seq ON changes (seq);
CREATE INDEX changes_feed ON changes (xid, seq);
CREATE INDEX changes_time ON changes (changed_utc);

-- Records one change (replacing the object's previous one, which moves to the feed's end).
CREATE FUNCTION record_change(c_kind TEXT, c_item BIGINT, c_action TEXT, c_author BIGINT,
  c_public BOOLEAN, c_keep_author BOOLEAN) RETURNS void LANGUAGE sql AS $$
  INSERT INTO changes (kind, item_id, action, author, ever_public, changed_utc)
  VALUES (c_kind, c_item, c_action, c_author, c_public::INTEGER, utc_now())
  ON CONFLICT (kind, item_id) DO UPDATE SET seq = nextval('changes_seq_seq'),
    xid = pg_current_xact_id(), action = excluded.action,
    author = CASE WHEN c_keep_author THEN changes.author ELSE excluded.author END,
    ever_public = changes.ever_public | excluded.ever_public,
    by_user = NULL, changed_utc = excluded.changed_utc;
$$;

-- Events, venues and organizers.
CREATE FUNCTION sync_post() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind TEXT := TG_ARGV[0];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM record_change(kind, NEW.id, 'created', NEW.author, NEW.status = 'publish', false);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM record_change(kind, NEW.id, 'updated', NEW.author,
      NEW.status = 'publish' OR OLD.status = 'publish', false);
    -- Events embed their venue and organizers: those events change too.
    IF kind = 'venue' THEN
      PERFORM record_change('event', e.id, 'updated', e.author, e.status = 'publish', true)
      FROM (SELECT id, author, status FROM events WHERE venue_id = NEW.id ORDER BY id) e;
    ELSIF kind = 'organizer' THEN
      PERFORM record_change('event', e.id, 'updated', e.author, e.status = 'publish', true)
      FROM (SELECT e.id, e.author, e.status FROM event_organizers eo
            JOIN events e ON e.id = eo.event_id WHERE eo.organizer_id = NEW.id ORDER BY e.id) e;
    END IF;
  ELSE
    -- Deleting a venue sets its events' venue to NULL and deleting an organizer deletes its
    -- links, which record those events by themselves.
    PERFORM record_change(kind, OLD.id, 'deleted', OLD.author, OLD.status = 'publish', false);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER sync_event AFTER INSERT OR UPDATE OR DELETE ON events
FOR EACH ROW EXECUTE FUNCTION sync_post('event');
CREATE TRIGGER sync_venue AFTER INSERT OR UPDATE OR DELETE ON venues
FOR EACH ROW EXECUTE FUNCTION sync_post('venue');
CREATE TRIGGER sync_organizer AFTER INSERT OR UPDATE OR DELETE ON organizers
FOR EACH ROW EXECUTE FUNCTION sync_post('organizer');

-- SQLite sets a deleted venue's events' venue to NULL (the foreign key's action) before the
-- venue's delete triggers run, so those events come before the venue in the feed. PostgreSQL
-- runs the action after them: it is done here first, which leaves the action nothing to do.
CREATE FUNCTION venue_unlink_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE events SET venue_id = NULL WHERE venue_id = OLD.id;
  RETURN OLD;
END $$;
CREATE TRIGGER venue_unlink_events BEFORE DELETE ON venues
FOR EACH ROW EXECUTE FUNCTION venue_unlink_events();

-- A link that goes away without the event's row being written (its organizer or term deleted
-- for good) still changes the event's representation.
CREATE FUNCTION sync_event_unlink() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM record_change('event', e.id, 'updated', e.author, e.status = 'publish', true)
  FROM events e WHERE e.id = OLD.event_id;
  RETURN NULL;
END $$;
CREATE TRIGGER sync_event_organizer_unlink AFTER DELETE ON event_organizers
FOR EACH ROW EXECUTE FUNCTION sync_event_unlink();
CREATE TRIGGER sync_event_term_unlink AFTER DELETE ON event_terms
FOR EACH ROW EXECUTE FUNCTION sync_event_unlink();

-- Categories and tags: public, so every change may be told to everyone.
CREATE FUNCTION sync_term() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM record_change(NEW.taxonomy, NEW.id, 'created', NULL, true, true);
  ELSIF TG_OP = 'UPDATE' THEN
    -- A renamed term changes the events showing it; they come before the term in the feed, as
    -- on SQLite (whose rename trigger runs before its update trigger).
    IF OLD.name IS DISTINCT FROM NEW.name OR OLD.slug IS DISTINCT FROM NEW.slug
      OR OLD.description IS DISTINCT FROM NEW.description OR OLD.parent IS DISTINCT FROM NEW.parent
    THEN
      PERFORM record_change('event', e.id, 'updated', e.author, e.status = 'publish', true)
      FROM (SELECT e.id, e.author, e.status FROM event_terms et
            JOIN events e ON e.id = et.event_id WHERE et.term_id = NEW.id ORDER BY e.id) e;
    END IF;
    -- A term's count moves with every published event carrying it: that changes the term, but
    -- the copies of the term inside events are not recorded for it.
    PERFORM record_change(NEW.taxonomy, NEW.id, 'updated', NULL, true, true);
  ELSE
    PERFORM record_change(OLD.taxonomy, OLD.id, 'deleted', NULL, true, true);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER sync_term AFTER INSERT OR UPDATE OR DELETE ON terms
FOR EACH ROW EXECUTE FUNCTION sync_term();

-- A change committed: every node's live stream reads the feed from where it stands. The
-- notification carries nothing (a node that misses one only learns of the change later, from
-- the next one or its own periodic read), and PostgreSQL sends one per transaction.
CREATE FUNCTION changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('almanac_changes', '');
  RETURN NULL;
END $$;
CREATE TRIGGER changes_notify AFTER INSERT OR UPDATE ON changes
FOR EACH STATEMENT EXECUTE FUNCTION changes_notify();
