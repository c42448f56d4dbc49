-- An update that leaves an event's title, description and excerpt as they were no longer
-- rewrites its full-text row (the events store rewrites every column on update). The listed
-- index's trigger (0017) already checks what changed.
DROP TRIGGER events_fts_update;
CREATE TRIGGER events_fts_update AFTER UPDATE OF title, description, excerpt ON events
WHEN OLD.title IS NOT NEW.title OR OLD.description IS NOT NEW.description
  OR OLD.excerpt IS NOT NEW.excerpt
BEGIN
  INSERT INTO events_fts (events_fts, rowid, title, description, excerpt)
  VALUES ('delete', OLD.id, OLD.title, OLD.description, OLD.excerpt);
  INSERT INTO events_fts (rowid, title, description, excerpt)
  VALUES (NEW.id, NEW.title, NEW.description, NEW.excerpt);
END;
