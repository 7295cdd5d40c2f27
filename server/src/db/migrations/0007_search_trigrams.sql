-- The owner's transaction search (substrings of the hash and both addresses) through a trigram index. The text lives
-- in a side table written once per transaction (and again only when a speed-up replaces its hash), so the chain
-- clock's rewrites of every transaction row (inclusion, confirmations) add nothing to the trigram index.
-- PostgreSQL ships pg_trgm in its contrib package; PGlite loads it when the client is opened with it (db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "transaction_search_terms" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"terms" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transaction_search_terms" ADD CONSTRAINT "transaction_search_terms_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One writer: these triggers. Every insert path (sends, faucet mints, the demo network, seeds) is covered without
-- knowing about it; an update rewrites the row only when the text it holds changes.
CREATE FUNCTION "transaction_search_terms_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO transaction_search_terms (transaction_id, user_id, terms)
  VALUES (NEW.id, NEW.user_id, NEW.hash || ' ' || NEW.from_address || ' ' || NEW.to_address)
  ON CONFLICT (transaction_id) DO UPDATE SET user_id = excluded.user_id, terms = excluded.terms;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "transaction_search_terms_on_insert" AFTER INSERT ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION "transaction_search_terms_write"();--> statement-breakpoint
CREATE TRIGGER "transaction_search_terms_on_update" AFTER UPDATE OF "hash", "from_address", "to_address", "user_id" ON "transactions"
  FOR EACH ROW WHEN (OLD.hash IS DISTINCT FROM NEW.hash OR OLD.from_address IS DISTINCT FROM NEW.from_address
    OR OLD.to_address IS DISTINCT FROM NEW.to_address OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION "transaction_search_terms_write"();--> statement-breakpoint
-- The transactions written before this migration (the triggers above lock out writers until it commits).
INSERT INTO "transaction_search_terms" ("transaction_id", "user_id", "terms")
  SELECT "id", "user_id", "hash" || ' ' || "from_address" || ' ' || "to_address" FROM "transactions";--> statement-breakpoint
CREATE INDEX "transaction_search_terms_trgm_idx" ON "transaction_search_terms" USING gin ("terms" gin_trgm_ops);
