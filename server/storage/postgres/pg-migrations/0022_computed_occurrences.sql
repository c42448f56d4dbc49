-- Occurrences are computed when read (docs/architecture.md, "Recurrence model"). SQLite's 0022
-- also deleted the occurrences its generator had stored and dropped the generation's table and
-- indexes; a PostgreSQL database never had them.
ALTER TABLE series ADD COLUMN slot BIGINT NOT NULL DEFAULT 0;
ALTER TABLE series ADD COLUMN slot_origin INTEGER NOT NULL DEFAULT 0;
ALTER TABLE series ADD COLUMN creator BIGINT;
ALTER TABLE series ADD COLUMN created_utc TEXT COLLATE "C" NOT NULL DEFAULT '';
CREATE INDEX series_slot ON series (slot);
CREATE INDEX series_creator ON series (creator, created_utc) WHERE creator IS NOT NULL;
