CREATE TABLE "price_points" (
	"token_id" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"inr" double precision NOT NULL,
	"usd" double precision NOT NULL,
	"eur" double precision NOT NULL,
	"gbp" double precision NOT NULL,
	"jpy" double precision NOT NULL,
	"change_24h" double precision NOT NULL,
	CONSTRAINT "price_points_token_id_recorded_at_pk" PRIMARY KEY("token_id","recorded_at"),
	CONSTRAINT "price_points_prices_not_negative" CHECK ("price_points"."inr" >= 0 and "price_points"."usd" >= 0 and "price_points"."eur" >= 0 and "price_points"."gbp" >= 0 and "price_points"."jpy" >= 0)
);
--> statement-breakpoint
CREATE INDEX "price_points_recorded_at_idx" ON "price_points" USING btree ("recorded_at");