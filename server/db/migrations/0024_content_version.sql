-- One content version for every cache (docs/architecture.md, "One content version"): a random
-- value that moves with every write to a table whose rows some answer shows, whatever the write
-- path (API, import, restore, another server process). Its triggers are generated from one
-- declaration in TypeScript (server/db/content-version.ts) and installed by migrate.ts; a test
-- ties that declaration to the tables. `changed_utc` is the time of the last move: the feeds'
-- Last-Modified.
CREATE TABLE content_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  value INTEGER NOT NULL,
  changed_utc TEXT NOT NULL
) STRICT;
INSERT INTO content_version (id, value, changed_utc)
SELECT 1, random(), changed_utc FROM calendar_feed WHERE id = 1;

-- The generations it replaces: the feed's (moved by +1, so a restore could bring an old value
-- back with other contents) and the presented events' (random, but covering only some tables).
DROP TRIGGER calendar_feed_events_insert;
DROP TRIGGER calendar_feed_events_update;
DROP TRIGGER calendar_feed_events_delete;
DROP TRIGGER calendar_feed_venues_update;
DROP TRIGGER calendar_feed_venues_delete;
DROP TRIGGER calendar_feed_organizers_update;
DROP TRIGGER calendar_feed_organizers_delete;
DROP TRIGGER calendar_feed_terms_update;
DROP TRIGGER calendar_feed_terms_delete;
DROP TRIGGER calendar_feed_event_terms_insert;
DROP TRIGGER calendar_feed_event_terms_delete;
DROP TRIGGER calendar_feed_event_organizers_insert;
DROP TRIGGER calendar_feed_event_organizers_delete;
DROP TRIGGER calendar_feed_settings_insert;
DROP TRIGGER calendar_feed_settings_update;
DROP TRIGGER presented_venues_update;
DROP TRIGGER presented_venues_delete;
DROP TRIGGER presented_organizers_update;
DROP TRIGGER presented_organizers_delete;
DROP TRIGGER presented_terms_update;
DROP TRIGGER presented_terms_delete;
DROP TRIGGER presented_media_update;
DROP TRIGGER presented_media_delete;
DROP TRIGGER presented_series_insert;
DROP TRIGGER presented_series_update;
DROP TRIGGER presented_series_delete;
DROP TRIGGER presented_settings_insert;
DROP TRIGGER presented_settings_update;
DROP TRIGGER presented_settings_delete;
-- And those migration 0022 added for series (the content version's own triggers cover series).
DROP TRIGGER presented_series_template;
DROP TRIGGER calendar_feed_series_insert;
DROP TRIGGER calendar_feed_series_update;
DROP TRIGGER calendar_feed_series_delete;
DROP TABLE presented_generation;
