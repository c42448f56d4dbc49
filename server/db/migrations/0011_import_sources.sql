-- Where imported objects came from (the remote import, docs/contract/extensions.md E4): the source's global id
-- (`<host>?id=<id>` as the reference gives it; terms have none there, so `<host>?term=<id>`) and
-- a digest of what was imported, so that importing the same site again updates what changed
-- and leaves the rest alone.
CREATE TABLE import_sources (
  kind TEXT NOT NULL CHECK (kind IN ('event', 'venue', 'organizer', 'category', 'tag')),
  source TEXT NOT NULL,
  local_id INTEGER NOT NULL,
  digest TEXT NOT NULL,
  PRIMARY KEY (kind, source)
) STRICT, WITHOUT ROWID;
