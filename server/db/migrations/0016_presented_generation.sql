-- What an event's presentation shows of OTHER rows (venues, organizers, term names, images,
-- series rules, settings) is valid while this generation is unchanged; the event's own row, its
-- links and its terms' counts are compared by the reader itself (events/presented.ts). Every
-- move is to a random value, never to the next number: after a restore to an older copy, or on
-- another installation's data, a generation seen before cannot come back with other contents.
-- Writes to events and their links do not move it, so creates and updates keep other events'
-- remembered presentations.
CREATE TABLE presented_generation (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  generation INTEGER NOT NULL
) STRICT;
INSERT INTO presented_generation (id, generation) VALUES (1, random());

CREATE TRIGGER presented_venues_update AFTER UPDATE ON venues
BEGIN
  UPDATE presented_generation SET generation = random() WHERE id = 1;
END;
CREATE TRIGGER presented_venues_delete AFTER DELETE ON venues
BEGIN
  UPDATE presented_generation SET generation = random() WHERE id = 1;
END;
CREATE TRIGGER presented_organizers_update AFTER UPDATE ON organizers
BEGIN
  UPDATE presented_generation SET generation = random() WHERE id = 1;
END;
CREATE TRIGGER presented_organizers_delete AFTER DELETE ON organizers
BEGIN
  UPDATE presented_generation SET generation = random() WHERE id = 1;
END;
-- Not `count`: it moves with every published event write, and readers compare it themselves.
CREATE TRIGGER presented_terms_update
AFTER UPDATE OF id, taxonomy, name, slug, description, parent, color ON terms
BEGIN
  UPDATE presented_generation SET generation = random() WHERE id = 1;
END;
CREATE TRIGGER presented_terms_delete AFTER DELETE ON terms
BEGIN
  UPDATE presented_generation SET generation = random() WHERE id = 1;
END;
CREATE TRIGGER presented_media_update AFTER UPDATE ON media
BEGIN
  UPDATE presented_generation SET generation = random() WHERE id = 1;
END;
CREATE TRIGGER presented_media_delete AFTER DELETE ON media
BEGIN
  UPDATE presented_generation SET generation = random() WHERE id = 1;
END;
-- A series' rule lines and zone are shown by its occurrences; extending the generated window
-- (generated_from_utc, generated_until_utc) is not.
CREATE TRIGGER presented_series_insert AFTER INSERT ON series
BEGIN
  UPDATE presented_generation SET generation = random() WHERE id = 1;
END;
CREATE TRIGGER presented_series_update AFTER UPDATE OF id, lines, timezone ON series
BEGIN
  UPDATE presented_generation SET generation = random() WHERE id = 1;
END;
CREATE TRIGGER presented_series_delete AFTER DELETE ON series
BEGIN
  UPDATE presented_generation SET generation = random() WHERE id = 1;
END;
CREATE TRIGGER presented_settings_insert AFTER INSERT ON settings
BEGIN
  UPDATE presented_generation SET generation = random() WHERE id = 1;
END;
CREATE TRIGGER presented_settings_update AFTER UPDATE ON settings
BEGIN
  UPDATE presented_generation SET generation = random() WHERE id = 1;
END;
CREATE TRIGGER presented_settings_delete AFTER DELETE ON settings
BEGIN
  UPDATE presented_generation SET generation = random() WHERE id = 1;
END;
