-- Payment requests and contacts (packages/domain/src/payment-requests.ts, address-book.ts): requests a user shares
-- as a standard URI and a /pay/{id} link, paid by the send that carries their reference; and each user's saved
-- recipients. Transactions keep the reference they carried.
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"wallet_id" uuid NOT NULL,
	"network" text NOT NULL,
	"asset" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(78, 0),
	"fiat_currency" text,
	"fiat_amount_minor" numeric(78, 0),
	"note" text,
	"display_name" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"transaction_id" uuid,
	CONSTRAINT "payment_requests_amount_xor_fiat" CHECK (("payment_requests"."amount" is not null and "payment_requests"."amount" > 0 and "payment_requests"."fiat_currency" is null and "payment_requests"."fiat_amount_minor" is null) or ("payment_requests"."amount" is null and "payment_requests"."fiat_currency" is not null and "payment_requests"."fiat_amount_minor" > 0)),
	CONSTRAINT "payment_requests_paid_with_transaction" CHECK (("payment_requests"."status" = 'paid') = ("payment_requests"."transaction_id" is not null and "payment_requests"."paid_at" is not null)),
	CONSTRAINT "payment_requests_cancelled_at" CHECK (("payment_requests"."status" = 'cancelled') = ("payment_requests"."cancelled_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_user_network_address_idx" ON "contacts" USING btree ("user_id","network","address");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_reference_idx" ON "payment_requests" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payment_requests_user_created_idx" ON "payment_requests" USING btree ("user_id","created_at" DESC NULLS LAST);