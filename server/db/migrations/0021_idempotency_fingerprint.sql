-- Idempotency-Key (docs/api/idempotency.md): the digest of the first request's body, so that the
-- same key sent with another body is refused (422) instead of answered with the first answer.
-- Keys taken before this column existed have '' and match any body; they expire within a day.
ALTER TABLE idempotency_keys ADD COLUMN fingerprint TEXT NOT NULL DEFAULT '';
