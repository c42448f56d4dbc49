-- Where imported objects came from (the remote import, docs/contract/extensions.md E4).
CREATE TABLE import_sources (
  kind TEXT COLLATE "C" NOT NULL CHECK (kind IN ('event', 'venue', 'organizer', 'category', 'tag')),
  source TEXT COLLATE "C" NOT NULL,
  local_id BIGINT NOT NULL,
  digest TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (kind, source)
);
