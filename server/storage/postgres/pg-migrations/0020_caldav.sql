-- CalDAV (docs/contract/extensions.md E6): the name a client gave a calendar object, and what it
-- sent that Almanac does not map, given back unchanged.
CREATE TABLE caldav_names (
  event_id BIGINT PRIMARY KEY,
  name TEXT COLLATE "C" NOT NULL UNIQUE
);
CREATE TABLE event_ical_kept (
  event_id BIGINT PRIMARY KEY,
  lines TEXT COLLATE "C" NOT NULL
);
