-- Leases of open change streams (storage/stream-leases.ts): the streams a client (a user, or an
-- anonymous address) holds, counted for every process on the file instead of in each process's
-- memory. A client has a fixed number of slots; an open stream holds one until until_ms
-- (milliseconds since the epoch), renewed by its process while the stream lives, so the slots of
-- a process that died free themselves.
CREATE TABLE stream_leases (
  client TEXT NOT NULL,
  slot INTEGER NOT NULL,
  id TEXT NOT NULL UNIQUE,
  until_ms INTEGER NOT NULL,
  PRIMARY KEY (client, slot)
) STRICT;
CREATE INDEX stream_leases_until ON stream_leases (until_ms);
