-- The chain clock's writes become HOT updates (decision 010, issue 18's confirmation burst). The clock rewrites
-- status, confirmations, block_number and next_confirmation_at up to 13 times per row; while any index held one of
-- them, every rewrite added an entry to each of the table's 10 indexes (100,000 inclusions at once: about 8 s of
-- index writes, measured). Now no index holds a column the clock writes, and the table leaves room in each page for
-- the new row versions, so a rewrite is one new version on the same page and no index entry.
--
-- Rows the clock still moves: is_settled (confirmed with all its confirmations), kept by PostgreSQL, changes once in a
-- row's life, at its last confirmation; the clock's indexes are partial on it. A HOT update is refused only when an
-- indexed column's value changes, and is_settled's does not until then. Unsettled rows (pending, confirming, failed)
-- are few, so the partial indexes are small.
ALTER TABLE "transactions" ADD COLUMN "is_settled" boolean GENERATED ALWAYS AS (next_confirmation_at is null and status = 'confirmed') STORED NOT NULL;--> statement-breakpoint
DROP INDEX "transactions_user_status_idx";--> statement-breakpoint
DROP INDEX "transactions_due_idx";--> statement-breakpoint
DROP INDEX "transactions_chain_pending_idx";--> statement-breakpoint
DROP INDEX "transactions_chain_block_idx";--> statement-breakpoint
-- What the clock reads each tick (rows included and not yet settled, oldest first) and a network's pending count, among
-- the unsettled rows only; a user's status counts: their unsettled rows, and how many are settled (an index-only count).
CREATE INDEX "transactions_unsettled_idx" ON "transactions" USING btree ("include_at","id") WHERE not "transactions"."is_settled";--> statement-breakpoint
CREATE INDEX "transactions_user_settled_idx" ON "transactions" USING btree ("user_id","is_settled");--> statement-breakpoint
CREATE INDEX "transactions_chain_unsettled_idx" ON "transactions" USING btree ("network") WHERE "transactions"."type" <> 'receive' and not "transactions"."is_settled";--> statement-breakpoint
-- The block a row is included in follows from its inclusion time alone (server/src/chain/blocks.ts blockNumberAt: the
-- same genesis and block times; floor over microseconds equals floor over the milliseconds a Date keeps, since
-- every block time is a whole number of milliseconds). A block's rows are found by it; block_number, set at
-- inclusion, says which of them are in the block yet.
CREATE FUNCTION "block_number_at"(network text, included_at timestamptz) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 1 + greatest(0, floor(extract(epoch from (included_at - timestamptz '2024-01-01 00:00:00+00')) * 1000
    / CASE network WHEN 'eth_sepolia' THEN 12000 WHEN 'polygon_mumbai' THEN 2000 ELSE 400 END))::bigint
$$;--> statement-breakpoint
CREATE INDEX "transactions_chain_block_idx" ON "transactions" USING btree ("network",block_number_at("network", "include_at"),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "transactions"."type" <> 'receive';--> statement-breakpoint
-- Room for the new versions: a burst rewrites every row of a page in one transaction, before any old version can
-- be pruned, so each page is filled to under half. Pages written from now on; older ones keep their fill.
ALTER TABLE "transactions" SET (fillfactor = 45);
