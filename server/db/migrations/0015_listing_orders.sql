-- Indexes for the listings' orderby values (docs/api/events.md, docs/api/venues-organizers-media.md): a page in any order walks one
-- index in that order and stops after the page, instead of sorting the whole result.
CREATE INDEX events_title ON events (title COLLATE NOCASE, id) WHERE hide_from_listings = 0;
CREATE INDEX events_end ON events (end_utc, id) WHERE hide_from_listings = 0;
CREATE INDEX events_date ON events (date_utc, id) WHERE hide_from_listings = 0;
CREATE INDEX events_modified ON events (modified_utc, id) WHERE hide_from_listings = 0;
-- Venues and organizers already have (status, date_utc, id) and (title): the anonymous listing
-- (one status) walks these in order.
CREATE INDEX venues_status_title ON venues (status, title COLLATE NOCASE, id);
CREATE INDEX venues_status_modified ON venues (status, modified_utc, id);
CREATE INDEX venues_modified ON venues (modified_utc, id);
CREATE INDEX organizers_status_title ON organizers (status, title COLLATE NOCASE, id);
CREATE INDEX organizers_status_modified ON organizers (status, modified_utc, id);
CREATE INDEX organizers_modified ON organizers (modified_utc, id);
