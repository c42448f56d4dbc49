-- Leases of open change streams (storage/stream-leases.ts): the streams a client (a user, or an
-- anonymous address) holds, counted for every node of the calendar. A client has a fixed number
-- of slots; an open stream holds one until until_ms (milliseconds since the epoch), renewed by
-- its node while the stream lives, so the slots of a node that died free themselves. A slot is
-- taken by one `INSERT … ON CONFLICT DO UPDATE … WHERE`, which row locking makes atomic.
CREATE TABLE stream_leases (
  client TEXT COLLATE "C" NOT NULL,
  slot INTEGER NOT NULL,
  id TEXT COLLATE "C" NOT NULL UNIQUE,
  until_ms BIGINT NOT NULL,
  PRIMARY KEY (client, slot)
);
CREATE INDEX stream_leases_until ON stream_leases (until_ms);
