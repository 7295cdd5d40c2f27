-- Assets (packages/domain/src/assets.ts): a balance per (wallet, asset), the asset of every mint and
-- transaction, faucet claims. Existing data: each wallet's balance becomes its native coin's balance row,
-- every earlier mint and transaction is of the network's native coin, and each existing wallet gets the
-- 1,000 USDC opening grant new wallets get, once, recorded as a mint with source 'migration'.
CREATE TABLE "wallet_balances" (
	"wallet_id" uuid NOT NULL,
	"asset" text NOT NULL,
	"balance" numeric(78, 0) NOT NULL,
	CONSTRAINT "wallet_balances_wallet_id_asset_pk" PRIMARY KEY("wallet_id","asset"),
	CONSTRAINT "wallet_balances_not_negative" CHECK ("wallet_balances"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "wallet_balances" ADD CONSTRAINT "wallet_balances_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "wallet_balances" ("wallet_id", "asset", "balance")
	SELECT "id", CASE "network" WHEN 'eth_sepolia' THEN 'ETH' WHEN 'polygon_mumbai' THEN 'MATIC' WHEN 'solana_devnet' THEN 'SOL' END, "balance"
	FROM "wallets";--> statement-breakpoint
INSERT INTO "wallet_balances" ("wallet_id", "asset", "balance") SELECT "id", 'USDC', 1000000000 FROM "wallets";--> statement-breakpoint
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_balance_not_negative";--> statement-breakpoint
ALTER TABLE "wallets" DROP COLUMN "balance";--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "faucet_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mints" ADD COLUMN "asset" text;--> statement-breakpoint
ALTER TABLE "mints" ADD COLUMN "source" text NOT NULL DEFAULT 'opening';--> statement-breakpoint
ALTER TABLE "mints" ADD COLUMN "transaction_id" uuid;--> statement-breakpoint
UPDATE "mints" SET "asset" = CASE "network" WHEN 'eth_sepolia' THEN 'ETH' WHEN 'polygon_mumbai' THEN 'MATIC' WHEN 'solana_devnet' THEN 'SOL' END;--> statement-breakpoint
ALTER TABLE "mints" ALTER COLUMN "asset" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "mints" ALTER COLUMN "source" DROP DEFAULT;--> statement-breakpoint
INSERT INTO "mints" ("wallet_id", "network", "asset", "amount", "source") SELECT "id", "network", 'USDC', 1000000000, 'migration' FROM "wallets";--> statement-breakpoint
CREATE UNIQUE INDEX "mints_transaction_id_idx" ON "mints" USING btree ("transaction_id");--> statement-breakpoint
-- Every earlier transaction moved the native coin. A constant default is instant on PostgreSQL 11+; only the
-- rows of the other two networks are rewritten.
ALTER TABLE "transactions" ADD COLUMN "asset" text NOT NULL DEFAULT 'ETH';--> statement-breakpoint
UPDATE "transactions" SET "asset" = CASE "network" WHEN 'polygon_mumbai' THEN 'MATIC' WHEN 'solana_devnet' THEN 'SOL' END
	WHERE "network" IN ('polygon_mumbai', 'solana_devnet');--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "asset" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "mints" ADD CONSTRAINT "mints_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;
