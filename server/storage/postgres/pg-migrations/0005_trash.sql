-- What an event, venue or organizer was before it went to the trash, so restoring it gives
-- back its status and slug.
CREATE TABLE trash_meta (
  post_id BIGINT PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  previous_status TEXT COLLATE "C" NOT NULL,
  previous_slug TEXT COLLATE "C" NOT NULL,
  trashed_utc TEXT COLLATE "C" NOT NULL
);
CREATE INDEX trash_meta_trashed ON trash_meta (trashed_utc);
