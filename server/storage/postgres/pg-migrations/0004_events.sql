-- Events, their links to venues, organizers and terms, the term counts those links drive, and
-- full-text search.
CREATE TABLE events (
  id BIGINT PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  author BIGINT REFERENCES users (id) ON DELETE SET NULL,
  status TEXT COLLATE "C" NOT NULL CHECK (status IN ('publish', 'future', 'draft', 'pending', 'private', 'trash')),
  slug TEXT COLLATE "C" NOT NULL DEFAULT '',
  title TEXT COLLATE "C" NOT NULL,
  description TEXT COLLATE "C" NOT NULL DEFAULT '',
  excerpt TEXT COLLATE "C" NOT NULL DEFAULT '',
  date_utc TEXT COLLATE "C" NOT NULL,
  modified_utc TEXT COLLATE "C" NOT NULL,
  parent_id BIGINT REFERENCES events (id) ON DELETE SET NULL,
  timezone TEXT COLLATE "C" NOT NULL,
  start_local TEXT COLLATE "C" NOT NULL,
  end_local TEXT COLLATE "C" NOT NULL,
  start_utc TEXT COLLATE "C" NOT NULL,
  end_utc TEXT COLLATE "C" NOT NULL,
  all_day INTEGER NOT NULL DEFAULT 0 CHECK (all_day IN (0, 1)),
  cost TEXT COLLATE "C" NOT NULL DEFAULT '[]',
  website TEXT COLLATE "C",
  show_map INTEGER NOT NULL DEFAULT 0 CHECK (show_map IN (0, 1)),
  show_map_link INTEGER NOT NULL DEFAULT 0 CHECK (show_map_link IN (0, 1)),
  hide_from_listings INTEGER NOT NULL DEFAULT 0 CHECK (hide_from_listings IN (0, 1)),
  sticky INTEGER NOT NULL DEFAULT 0 CHECK (sticky IN (0, 1)),
  featured INTEGER NOT NULL DEFAULT 0 CHECK (featured IN (0, 1)),
  venue_id BIGINT REFERENCES venues (id) ON DELETE SET NULL,
  image_id BIGINT REFERENCES media (id) ON DELETE SET NULL
);
-- 0007 widens this index with end_utc; PostgreSQL creates it in that shape here.
CREATE INDEX events_listing ON events (status, start_utc, id) INCLUDE (end_utc)
WHERE hide_from_listings = 0;
CREATE INDEX events_listing_span ON events (status, start_utc, end_utc, venue_id, featured)
WHERE hide_from_listings = 0;
CREATE INDEX events_start ON events (start_utc, id);
CREATE INDEX events_slug ON events (slug);
CREATE INDEX events_venue ON events (venue_id, start_utc) WHERE venue_id IS NOT NULL;
CREATE INDEX events_parent ON events (parent_id) WHERE parent_id IS NOT NULL;
CREATE INDEX events_author ON events (author, status);
CREATE INDEX events_future ON events (date_utc) WHERE status = 'future';
CREATE INDEX events_featured ON events (featured, start_utc) WHERE featured = 1;

CREATE TABLE event_organizers (
  event_id BIGINT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  organizer_id BIGINT NOT NULL REFERENCES organizers (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (event_id, organizer_id)
);
CREATE INDEX event_organizers_organizer ON event_organizers (organizer_id, event_id);

CREATE TABLE event_terms (
  event_id BIGINT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  term_id BIGINT NOT NULL REFERENCES terms (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (event_id, term_id)
);
CREATE INDEX event_terms_term ON event_terms (term_id, event_id);

-- terms.count is the number of published events with the term, kept exact through every link
-- change, status change and deletion, so term listings never count rows.
CREATE FUNCTION event_terms_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE terms SET count = count + 1
    WHERE id = NEW.term_id AND (SELECT status FROM events WHERE id = NEW.event_id) = 'publish';
  ELSE
    UPDATE terms SET count = count - 1
    WHERE id = OLD.term_id AND (SELECT status FROM events WHERE id = OLD.event_id) = 'publish';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER event_terms_count AFTER INSERT OR DELETE ON event_terms
FOR EACH ROW EXECUTE FUNCTION event_terms_count();

CREATE FUNCTION events_count_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE terms SET count = count + CASE WHEN NEW.status = 'publish' THEN 1 ELSE -1 END
  WHERE id IN (SELECT term_id FROM event_terms WHERE event_id = NEW.id);
  RETURN NULL;
END $$;
CREATE TRIGGER events_count_status AFTER UPDATE OF status ON events
FOR EACH ROW WHEN ((OLD.status = 'publish') <> (NEW.status = 'publish'))
EXECUTE FUNCTION events_count_status();

-- The cascade from events to event_terms runs after the event row is gone, when the count
-- trigger can no longer see its status; so the links go first, while it still can.
CREATE FUNCTION events_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM event_terms WHERE event_id = OLD.id;
  RETURN OLD;
END $$;
CREATE TRIGGER events_count_delete BEFORE DELETE ON events
FOR EACH ROW EXECUTE FUNCTION events_count_delete();

-- Full-text search over title, description and excerpt, cut into words as SQLite's FTS5
-- `unicode61 remove_diacritics 2` tokenizer cuts them, so that a search finds the same events
-- on both engines: runs of letters and digits, lower-cased, their diacritics removed (after
-- canonical decomposition, the combining marks go). The words are stored as they are (no
-- stemming, no stop words), so a tsquery of the search's words, the last as a prefix, is FTS5's
-- `"word" "word"*`.
CREATE FUNCTION search_fold(value TEXT) RETURNS TEXT
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN lower(regexp_replace(normalize(value, NFD),
  '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g')
  COLLATE "und-x-icu");

CREATE FUNCTION search_words(title TEXT, description TEXT, excerpt TEXT) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN (
  SELECT array_to_tsvector(coalesce(array_agg(DISTINCT word), '{}'))
  FROM regexp_split_to_table(
    search_fold(concat_ws(' ', title, description, excerpt)) COLLATE "und-x-icu",
    '[^[:alnum:]]+') AS word
  -- A word longer than a lexeme may be (2 KB) is left out: no search can name it.
  WHERE word <> '' AND octet_length(word) < 2048
);

-- The tsquery of a search's words (each already a run of letters and digits): every word whole,
-- the last one as the start of a word.
CREATE FUNCTION search_query(words TEXT[]) RETURNS tsquery
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (
  SELECT string_agg(quote_literal(search_fold(word))
      || CASE WHEN n = cardinality(words) THEN ':*' ELSE '' END, ' & ' ORDER BY n)::tsquery
  FROM unnest(words) WITH ORDINALITY AS w(word, n)
);

-- The words of each event, beside the event (as FTS5's index is): `SELECT *` on events reads
-- the same columns on both engines.
CREATE TABLE events_search (
  id BIGINT PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
  words tsvector NOT NULL
);
CREATE INDEX events_search_words ON events_search USING gin (words);

CREATE FUNCTION events_search_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events_search (id, words)
  VALUES (NEW.id, search_words(NEW.title, NEW.description, NEW.excerpt))
  ON CONFLICT (id) DO UPDATE SET words = excluded.words;
  RETURN NULL;
END $$;
CREATE TRIGGER events_search_insert AFTER INSERT ON events
FOR EACH ROW EXECUTE FUNCTION events_search_write();
CREATE TRIGGER events_search_update AFTER UPDATE OF title, description, excerpt ON events
FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title
  OR OLD.description IS DISTINCT FROM NEW.description OR OLD.excerpt IS DISTINCT FROM NEW.excerpt)
EXECUTE FUNCTION events_search_write();
