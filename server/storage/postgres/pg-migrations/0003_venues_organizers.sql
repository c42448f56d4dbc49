-- Venues and organizers: the posts that events link to.
CREATE TABLE venues (
  id BIGINT PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  author BIGINT REFERENCES users (id) ON DELETE SET NULL,
  status TEXT COLLATE "C" NOT NULL CHECK (status IN ('publish', 'future', 'draft', 'pending', 'private', 'trash')),
  slug TEXT COLLATE "C" NOT NULL,
  title TEXT COLLATE "C" NOT NULL,
  description TEXT COLLATE "C" NOT NULL DEFAULT '',
  excerpt TEXT COLLATE "C" NOT NULL DEFAULT '',
  date_utc TEXT COLLATE "C" NOT NULL,
  modified_utc TEXT COLLATE "C" NOT NULL,
  image_id BIGINT REFERENCES media (id) ON DELETE SET NULL,
  address TEXT COLLATE "C" NOT NULL DEFAULT '',
  city TEXT COLLATE "C" NOT NULL DEFAULT '',
  country TEXT COLLATE "C" NOT NULL DEFAULT '',
  province TEXT COLLATE "C" NOT NULL DEFAULT '',
  state TEXT COLLATE "C" NOT NULL DEFAULT '',
  zip TEXT COLLATE "C" NOT NULL DEFAULT '',
  phone TEXT COLLATE "C" NOT NULL DEFAULT '',
  website TEXT COLLATE "C" NOT NULL DEFAULT '',
  stateprovince TEXT COLLATE "C" NOT NULL DEFAULT '',
  show_map INTEGER NOT NULL DEFAULT 1 CHECK (show_map IN (0, 1)),
  show_map_link INTEGER NOT NULL DEFAULT 1 CHECK (show_map_link IN (0, 1)),
  geo_lat DOUBLE PRECISION CHECK (geo_lat BETWEEN -90 AND 90),
  geo_lng DOUBLE PRECISION CHECK (geo_lng BETWEEN -180 AND 180)
);
CREATE INDEX venues_slug ON venues (slug);
CREATE INDEX venues_status_date ON venues (status, date_utc DESC, id DESC);
CREATE INDEX venues_date ON venues (date_utc DESC, id DESC);
CREATE INDEX venues_title ON venues (nocase(title));
CREATE INDEX venues_geo ON venues (geo_lat, geo_lng) WHERE geo_lat IS NOT NULL;

CREATE TABLE organizers (
  id BIGINT PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  author BIGINT REFERENCES users (id) ON DELETE SET NULL,
  status TEXT COLLATE "C" NOT NULL CHECK (status IN ('publish', 'future', 'draft', 'pending', 'private', 'trash')),
  slug TEXT COLLATE "C" NOT NULL,
  title TEXT COLLATE "C" NOT NULL,
  description TEXT COLLATE "C" NOT NULL DEFAULT '',
  excerpt TEXT COLLATE "C" NOT NULL DEFAULT '',
  date_utc TEXT COLLATE "C" NOT NULL,
  modified_utc TEXT COLLATE "C" NOT NULL,
  image_id BIGINT REFERENCES media (id) ON DELETE SET NULL,
  phone TEXT COLLATE "C" NOT NULL DEFAULT '',
  website TEXT COLLATE "C" NOT NULL DEFAULT '',
  email TEXT COLLATE "C" NOT NULL DEFAULT ''
);
CREATE INDEX organizers_slug ON organizers (slug);
CREATE INDEX organizers_status_date ON organizers (status, date_utc DESC, id DESC);
CREATE INDEX organizers_date ON organizers (date_utc DESC, id DESC);
CREATE INDEX organizers_title ON organizers (nocase(title));
