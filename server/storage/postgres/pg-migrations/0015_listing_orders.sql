-- Indexes for the listings' orderby values: a page in any order walks one index in that order.
CREATE INDEX events_title ON events (nocase(title), id) WHERE hide_from_listings = 0;
CREATE INDEX events_end ON events (end_utc, id) WHERE hide_from_listings = 0;
CREATE INDEX events_date ON events (date_utc, id) WHERE hide_from_listings = 0;
CREATE INDEX events_modified ON events (modified_utc, id) WHERE hide_from_listings = 0;
CREATE INDEX venues_status_title ON venues (status, nocase(title), id);
CREATE INDEX venues_status_modified ON venues (status, modified_utc, id);
CREATE INDEX venues_modified ON venues (modified_utc, id);
CREATE INDEX organizers_status_title ON organizers (status, nocase(title), id);
CREATE INDEX organizers_status_modified ON organizers (status, modified_utc, id);
CREATE INDEX organizers_modified ON organizers (modified_utc, id);
