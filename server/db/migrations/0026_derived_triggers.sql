-- Term counts, event day counts and iCalendar sequences are kept by triggers generated from one
-- declaration (server/storage/derived.ts); db/migrate.ts appends them to this migration. The
-- hand-written triggers they replace go (their behaviour is the same).
DROP TRIGGER event_terms_count_insert;
DROP TRIGGER event_terms_count_delete;
DROP TRIGGER events_count_publish;
DROP TRIGGER events_count_unpublish;
DROP TRIGGER events_count_delete;
DROP TRIGGER event_day_counts_insert;
DROP TRIGGER event_day_counts_delete;
DROP TRIGGER event_day_counts_update;
DROP TRIGGER event_ical_sequence;
