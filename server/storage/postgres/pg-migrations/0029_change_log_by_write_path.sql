-- The change log is appended by the write path (storage/change-log.ts): every repository method
-- that writes an event, venue, organizer or term, or what their representation shows, records
-- the objects it changed in its own transaction through record_change (migration 0010), with
-- the same actions, authors and publicness the triggers gave. The triggers and their functions
-- go.
DROP TRIGGER sync_event ON events;
DROP TRIGGER sync_venue ON venues;
DROP TRIGGER sync_organizer ON organizers;
DROP TRIGGER sync_event_organizer_unlink ON event_organizers;
DROP TRIGGER sync_event_term_unlink ON event_terms;
DROP TRIGGER sync_term ON terms;
DROP TRIGGER changes_notify ON changes;
DROP FUNCTION sync_post();
DROP FUNCTION sync_event_unlink();
DROP FUNCTION sync_term();
DROP FUNCTION changes_notify();
-- It set a deleted venue's events' venue to none before the venue's change-log trigger ran, for
-- the feed's order; the foreign key's action does the same after it, and no trigger waits on it.
DROP TRIGGER venue_unlink_events ON venues;
DROP FUNCTION venue_unlink_events();

-- Records one change (replacing the object's previous one, which moves to the feed's end) and
-- tells every node's live stream that changes will have committed with the transaction
-- (PostgreSQL sends one notification per transaction, at its commit; it carries nothing, and a
-- node that misses one learns of the change from the next one or its own periodic read).
CREATE OR REPLACE FUNCTION record_change(c_kind TEXT, c_item BIGINT, c_action TEXT,
  c_author BIGINT, c_public BOOLEAN, c_keep_author BOOLEAN) RETURNS void LANGUAGE sql AS $$
  INSERT INTO changes (kind, item_id, action, author, ever_public, changed_utc)
  VALUES (c_kind, c_item, c_action, c_author, c_public::INTEGER, utc_now())
  ON CONFLICT (kind, item_id) DO UPDATE SET seq = nextval('changes_seq_seq'),
    xid = pg_current_xact_id(), action = excluded.action,
    author = CASE WHEN c_keep_author THEN changes.author ELSE excluded.author END,
    ever_public = changes.ever_public | excluded.ever_public,
    by_user = NULL, changed_utc = excluded.changed_utc;
  SELECT pg_notify('almanac_changes', '');
$$;
