-- A display colour per category (docs/api/terms.md); NULL means "no colour chosen".
ALTER TABLE terms ADD COLUMN color TEXT COLLATE "C" CHECK (
  color IS NULL OR (taxonomy = 'category' AND color ~ '^#[0-9a-f]{6}$')
);
