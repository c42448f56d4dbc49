-- Idempotency-Key (docs/api/idempotency.md): a write retried with the same key by the same user
-- is answered with the first answer instead of being made again. One table for every node, so
-- a retry reaching another node is answered the same.
CREATE TABLE idempotency_keys (
  actor BIGINT NOT NULL,
  key TEXT COLLATE "C" NOT NULL,
  method TEXT COLLATE "C" NOT NULL,
  path TEXT COLLATE "C" NOT NULL,
  status INTEGER,
  body BYTEA,
  created_utc TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (actor, key)
);
CREATE INDEX idempotency_keys_age ON idempotency_keys (created_utc);
