-- CalDAV (docs/contract/extensions.md E6). The name a client gave a calendar object when it
-- created it (the last segment of its address), kept so the object answers at that address.
-- `event_id` is the object's head: a plain event, or a series (its id). Not a foreign key: the
-- name outlives the event's deletion from the trash, so a sync still reports that address gone.
CREATE TABLE caldav_names (
  event_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
) STRICT;

-- What a client sent in a VEVENT that Almanac does not map (VALARM, X- properties, ATTENDEE, …),
-- as iCalendar lines, given back unchanged in that VEVENT. Per event: a series' rule under the
-- series' id, a changed occurrence under its own.
CREATE TABLE event_ical_kept (
  event_id INTEGER PRIMARY KEY,
  lines TEXT NOT NULL
) STRICT;
