-- An event's listing columns keyed by its id. A listing driven by a search or a term (a list of
-- event ids) counts its matches from this narrow index instead of reading each event's whole
-- row: at a million events the rows are spread over a gigabyte, the index over tens of megabytes.
CREATE INDEX events_id_span ON events (id, status, start_utc, end_utc) WHERE hide_from_listings = 0;
