-- An event's listing columns keyed by its id, for listings driven by a list of event ids.
CREATE INDEX events_id_span ON events (id, status, start_utc, end_utc) WHERE hide_from_listings = 0;
