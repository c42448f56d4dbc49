-- Venues and organizers: the posts that events link to.

CREATE TABLE venues (
  id INTEGER PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  author INTEGER REFERENCES users (id) ON DELETE SET NULL,
  status TEXT NOT NULL CHECK (status IN ('publish', 'future', 'draft', 'pending', 'private', 'trash')),
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  excerpt TEXT NOT NULL DEFAULT '',
  date_utc TEXT NOT NULL,
  modified_utc TEXT NOT NULL,
  image_id INTEGER REFERENCES media (id) ON DELETE SET NULL,
  address TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '',
  country TEXT NOT NULL DEFAULT '',
  province TEXT NOT NULL DEFAULT '',
  state TEXT NOT NULL DEFAULT '',
  zip TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  website TEXT NOT NULL DEFAULT '',
  stateprovince TEXT NOT NULL DEFAULT '',
  show_map INTEGER NOT NULL DEFAULT 1 CHECK (show_map IN (0, 1)),
  show_map_link INTEGER NOT NULL DEFAULT 1 CHECK (show_map_link IN (0, 1)),
  geo_lat REAL CHECK (geo_lat BETWEEN -90 AND 90),
  geo_lng REAL CHECK (geo_lng BETWEEN -180 AND 180)
) STRICT;
CREATE INDEX venues_slug ON venues (slug);
CREATE INDEX venues_status_date ON venues (status, date_utc DESC, id DESC);
CREATE INDEX venues_date ON venues (date_utc DESC, id DESC);
CREATE INDEX venues_title ON venues (title COLLATE NOCASE);
CREATE INDEX venues_geo ON venues (geo_lat, geo_lng) WHERE geo_lat IS NOT NULL;

CREATE TABLE organizers (
  id INTEGER PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  author INTEGER REFERENCES users (id) ON DELETE SET NULL,
  status TEXT NOT NULL CHECK (status IN ('publish', 'future', 'draft', 'pending', 'private', 'trash')),
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  excerpt TEXT NOT NULL DEFAULT '',
  date_utc TEXT NOT NULL,
  modified_utc TEXT NOT NULL,
  image_id INTEGER REFERENCES media (id) ON DELETE SET NULL,
  phone TEXT NOT NULL DEFAULT '',
  website TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX organizers_slug ON organizers (slug);
CREATE INDEX organizers_status_date ON organizers (status, date_utc DESC, id DESC);
CREATE INDEX organizers_date ON organizers (date_utc DESC, id DESC);
CREATE INDEX organizers_title ON organizers (title COLLATE NOCASE);
