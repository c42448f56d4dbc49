-- The change log is appended by the write path (storage/change-log.ts): every repository method
-- that writes an event, venue, organizer or term, or what their representation shows, records
-- the objects it changed in its own transaction, with the same numbers, actions, authors and
-- publicness the triggers of migration 0010 gave. The triggers go; the tables stay as they are.
DROP TRIGGER sync_event_insert;
DROP TRIGGER sync_event_update;
DROP TRIGGER sync_event_delete;
DROP TRIGGER sync_event_organizer_unlink;
DROP TRIGGER sync_event_term_unlink;
DROP TRIGGER sync_venue_insert;
DROP TRIGGER sync_venue_update;
DROP TRIGGER sync_venue_delete;
DROP TRIGGER sync_organizer_insert;
DROP TRIGGER sync_organizer_update;
DROP TRIGGER sync_organizer_delete;
DROP TRIGGER sync_term_insert;
DROP TRIGGER sync_term_update;
DROP TRIGGER sync_term_rename;
DROP TRIGGER sync_term_delete;
