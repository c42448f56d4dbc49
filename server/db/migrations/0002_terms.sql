-- Event categories (hierarchical) and tags share one term id space, as in the reference.

CREATE TABLE terms (
  id INTEGER PRIMARY KEY,
  taxonomy TEXT NOT NULL CHECK (taxonomy IN ('category', 'tag')),
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  parent INTEGER REFERENCES terms (id) ON DELETE SET NULL,
  -- Published events carrying the term; kept exact by the triggers in 0004.
  count INTEGER NOT NULL DEFAULT 0,
  UNIQUE (taxonomy, slug)
) STRICT;
CREATE INDEX terms_name ON terms (taxonomy, name COLLATE NOCASE);
CREATE INDEX terms_parent ON terms (parent);
CREATE INDEX terms_count ON terms (taxonomy, count);
