-- Term counts, event day counts and iCalendar sequences are kept by triggers generated from one
-- declaration (server/storage/derived.ts); postgres/migrate.ts appends them to this migration.
-- The hand-written triggers and functions they replace go (their behaviour is the same).
DROP TRIGGER event_terms_count ON event_terms;
DROP FUNCTION event_terms_count();
DROP TRIGGER events_count_status ON events;
DROP FUNCTION events_count_status();
DROP TRIGGER events_count_delete ON events;
DROP FUNCTION events_count_delete();
DROP TRIGGER event_day_counts_insert ON events;
DROP TRIGGER event_day_counts_update ON events;
DROP FUNCTION event_day_counts();
DROP TRIGGER event_ical_sequence ON events;
DROP FUNCTION event_ical_sequence();
