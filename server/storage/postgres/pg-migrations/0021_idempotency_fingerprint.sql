-- Idempotency-Key: the digest of the first request's body, so that the same key sent with
-- another body is refused (422) instead of answered with the first answer.
ALTER TABLE idempotency_keys ADD COLUMN fingerprint TEXT COLLATE "C" NOT NULL DEFAULT '';
