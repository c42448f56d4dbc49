-- A display colour per category (docs/api/terms.md), shown by the console's calendar. Tags have
-- none; NULL means "no colour chosen". Stored lower-case so equal colours compare equal.
ALTER TABLE terms ADD COLUMN color TEXT CHECK (
  color IS NULL OR (taxonomy = 'category' AND color GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]')
);
