-- Idempotency-Key (docs/api/idempotency.md): a write retried with the same key by the same user
-- is answered with the first answer instead of being made again. The row is written in the
-- write's own transaction (status NULL), then completed with the answer once it is known.
CREATE TABLE idempotency_keys (
  -- 0 for anonymous callers, who cannot write anyway; kept for completeness.
  actor INTEGER NOT NULL,
  key TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  status INTEGER,
  body BLOB,
  created_utc TEXT NOT NULL,
  PRIMARY KEY (actor, key)
) STRICT, WITHOUT ROWID;
CREATE INDEX idempotency_keys_age ON idempotency_keys (created_utc);
