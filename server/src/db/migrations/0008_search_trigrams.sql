-- Trigram matching for the owner's transaction search (substrings of the hash and both addresses). PostgreSQL ships
-- pg_trgm in its contrib package; PGlite loads it when the client is opened with it (db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "transactions_search_trgm_idx" ON "transactions" USING gin (("hash" || ' ' || "from_address" || ' ' || "to_address") gin_trgm_ops);
