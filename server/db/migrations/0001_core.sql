-- Users, their credentials, site settings, and the id space shared by every post-like object.

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  login TEXT NOT NULL COLLATE NOCASE UNIQUE,
  email TEXT NOT NULL DEFAULT '',
  display_name TEXT NOT NULL DEFAULT '',
  role TEXT NOT NULL CHECK (role IN ('administrator', 'editor', 'author', 'contributor', 'subscriber')),
  password_hash TEXT NOT NULL,
  created_utc TEXT NOT NULL,
  modified_utc TEXT NOT NULL
) STRICT;

CREATE TABLE application_passwords (
  uuid TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  secret_hash TEXT NOT NULL,
  created_utc TEXT NOT NULL,
  last_used_utc TEXT
) STRICT;
CREATE INDEX application_passwords_user ON application_passwords (user_id);

CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  secret_hash TEXT NOT NULL,
  label TEXT NOT NULL DEFAULT '',
  created_utc TEXT NOT NULL,
  expires_utc TEXT NOT NULL
) STRICT;
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expiry ON sessions (expires_utc);

-- Values are JSON; the settings service knows their types and defaults.
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

-- Events, venues, organizers and media share one id space, as the reference's posts do, so an
-- id always names exactly one object and "this id is not a venue" can be told apart.
CREATE TABLE posts (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('event', 'venue', 'organizer', 'media'))
) STRICT;

CREATE TABLE media (
  id INTEGER PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  author INTEGER REFERENCES users (id) ON DELETE SET NULL,
  -- An external image keeps its absolute URL; an uploaded one its file name in the media folder.
  url TEXT NOT NULL DEFAULT '',
  file TEXT NOT NULL DEFAULT '',
  -- The name the file was uploaded under (Content-Disposition), for the console.
  original_name TEXT NOT NULL DEFAULT '',
  mime_type TEXT NOT NULL DEFAULT '',
  width INTEGER,
  height INTEGER,
  filesize INTEGER,
  created_utc TEXT NOT NULL
) STRICT;
CREATE INDEX media_url ON media (url);
CREATE INDEX media_file ON media (file);
CREATE INDEX media_created ON media (created_utc DESC, id DESC);
