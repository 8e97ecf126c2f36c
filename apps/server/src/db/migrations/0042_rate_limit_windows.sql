-- The shared rate limits' windows (docs/decisions/0102-shared-rate-limits.md). UNLOGGED: counters a database
-- crash may forget (every client then starts a fresh window), written on every limited request without WAL.
CREATE UNLOGGED TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at_ms" bigint NOT NULL
);
