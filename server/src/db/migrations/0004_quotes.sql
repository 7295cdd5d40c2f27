-- Cross-border payments (packages/domain/src/quote-api.ts): firm quotes a send honours, each transaction's fiat
-- value when sent, and the display currency a user chose. Rows written before this migration keep null values:
-- their value then was not recorded, and the pages say so rather than invent one.
CREATE TABLE "payment_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"wallet_id" uuid NOT NULL,
	"network" text NOT NULL,
	"asset" text NOT NULL,
	"to_address" text NOT NULL,
	"speed" text NOT NULL,
	"fixed_side" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"gas_used" numeric(78, 0) NOT NULL,
	"gas_price" numeric(78, 0) NOT NULL,
	"sender_currency" text NOT NULL,
	"recipient_currency" text NOT NULL,
	"asset_rate_sender" numeric(78, 0) NOT NULL,
	"asset_rate_recipient" numeric(78, 0) NOT NULL,
	"asset_rate_usd" numeric(78, 0) NOT NULL,
	"fee_rate_sender" numeric(78, 0) NOT NULL,
	"fee_rate_usd" numeric(78, 0) NOT NULL,
	"rate_source" text NOT NULL,
	"rates_at" timestamp with time zone NOT NULL,
	"sender_amount_minor" numeric(78, 0) NOT NULL,
	"sender_fee_minor" numeric(78, 0) NOT NULL,
	"recipient_amount_minor" numeric(78, 0) NOT NULL,
	"usd_amount_cents" numeric(78, 0) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"transaction_id" uuid,
	CONSTRAINT "payment_quotes_amount_positive" CHECK ("payment_quotes"."amount" > 0),
	CONSTRAINT "payment_quotes_used_with_transaction" CHECK (("payment_quotes"."used_at" is null) = ("payment_quotes"."transaction_id" is null))
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "sender_currency" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "sender_value_minor" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "recipient_currency" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "recipient_value_minor" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "usd_value_cents" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "value_source" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "display_currency" text;--> statement-breakpoint
ALTER TABLE "payment_quotes" ADD CONSTRAINT "payment_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_quotes" ADD CONSTRAINT "payment_quotes_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_quotes" ADD CONSTRAINT "payment_quotes_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_quotes_user_created_idx" ON "payment_quotes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_quotes_unused_expiry_idx" ON "payment_quotes" USING btree ("expires_at") WHERE "payment_quotes"."used_at" is null;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_quote_id_payment_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."payment_quotes"("id") ON DELETE no action ON UPDATE no action;