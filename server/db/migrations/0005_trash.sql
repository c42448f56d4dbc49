-- What an event, venue or organizer was before it went to the trash, so restoring it gives
-- back its status and slug (the slug gets `__trashed` appended while trashed, as in the reference).
CREATE TABLE trash_meta (
  post_id INTEGER PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  previous_status TEXT NOT NULL,
  previous_slug TEXT NOT NULL,
  trashed_utc TEXT NOT NULL
) STRICT;
CREATE INDEX trash_meta_trashed ON trash_meta (trashed_utc);
