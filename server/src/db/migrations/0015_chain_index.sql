-- A real chain under the EVM networks (issue 49, decision 047). The indexer writes every block it reads from a node,
-- empty ones too, with the figures the explorer shows; the hash and parent hash are what it compares to notice a
-- reorganisation. Rows of the simulated chains keep these columns null.
ALTER TABLE "blocks" DROP CONSTRAINT "blocks_count_positive";--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_count_not_negative" CHECK ("blocks"."transaction_count" >= 0);--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "parent_hash" text;--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "gas_limit" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "gas_used" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "base_fee_per_gas" numeric(78, 0);--> statement-breakpoint
-- The next nonce of an account the app signs for outside the wallets: the treasury that funds new wallets and the
-- faucet on a real chain. Locked by the grant that uses it, so concurrent grants take consecutive nonces.
CREATE TABLE "chain_accounts" (
	"network" text NOT NULL,
	"address" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chain_accounts_pkey" PRIMARY KEY("network","address")
);--> statement-breakpoint
-- Why a real chain's transaction failed: reverted in its block, or dropped with the node's own words.
ALTER TABLE "transactions" ADD COLUMN "failure_reason" text;
--> statement-breakpoint
-- A row the indexer wrote from a block: money from outside the app, or a send from one of its addresses by another
-- client holding the key. It counts while a block includes it (payments/chain-book-effects.ts).
ALTER TABLE "transactions" ADD COLUMN "is_foreign" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A row of a network on a real node: money coming in (a receive, a grant) counts from the first block that includes
-- it (is_booked), so a recipient is never shown as spendable what the chain has not included; a foreign row counts
-- while a block includes it.
ALTER TABLE "transactions" ADD COLUMN "is_on_chain" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "is_booked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A wallet's money on its way in (shown apart from its balance): few rows, each leaving the index when a block books
-- it. The chain clock never writes these columns, so its updates stay HOT (migration 0008).
CREATE INDEX "transactions_incoming_idx" ON "transactions" USING btree ("wallet_id") WHERE "is_on_chain" AND NOT "is_booked" AND "type" <> 'send';
