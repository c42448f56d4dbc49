-- One content version for every cache (docs/architecture.md, "One content version"): a random
-- value that moves with every write to a table whose rows some answer shows, whatever the write
-- path or the node. Its triggers are generated from the declaration in
-- server/db/content-version.ts and installed by the migrator (server/storage/postgres/migrate.ts).
CREATE TABLE content_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  value BIGINT NOT NULL,
  changed_utc TEXT COLLATE "C" NOT NULL
);
INSERT INTO content_version (id, value, changed_utc)
SELECT 1, random_value(), changed_utc FROM calendar_feed WHERE id = 1;

-- Per statement, not per row: one move covers every row a statement wrote. Every node caches
-- by this value, and learns that it moved from the notification (or its next read).
CREATE FUNCTION content_version_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE content_version SET value = random_value(), changed_utc = utc_now() WHERE id = 1;
  PERFORM pg_notify('almanac_content', '');
  RETURN NULL;
END $$;
