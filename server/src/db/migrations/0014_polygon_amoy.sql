-- Polygon Amoy replaces Mumbai (issue 49, docs/product.md#networks): Polygon retired Mumbai (chain id 80001) in April
-- 2024 for Amoy (80002). Every row of the network keeps its wallet, address, balance and history under the new id;
-- the raw transactions signed for 80001 stay as they were signed.
--
-- The block a row is included in: the same block times, the new id. Only the Mumbai rows' values change, and the
-- update below rewrites those rows, so transactions_chain_block_idx holds the new function's values for every row.
CREATE OR REPLACE FUNCTION "block_number_at"(network text, included_at timestamptz) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 1 + greatest(0, floor(extract(epoch from (included_at - timestamptz '2024-01-01 00:00:00+00')) * 1000
    / CASE network WHEN 'eth_sepolia' THEN 12000 WHEN 'polygon_amoy' THEN 2000 ELSE 400 END))::bigint
$$;--> statement-breakpoint
UPDATE "wallets" SET "network" = 'polygon_amoy' WHERE "network" = 'polygon_mumbai';--> statement-breakpoint
UPDATE "mints" SET "network" = 'polygon_amoy' WHERE "network" = 'polygon_mumbai';--> statement-breakpoint
UPDATE "transactions" SET "network" = 'polygon_amoy' WHERE "network" = 'polygon_mumbai';--> statement-breakpoint
UPDATE "blocks" SET "network" = 'polygon_amoy' WHERE "network" = 'polygon_mumbai';--> statement-breakpoint
UPDATE "transaction_replacements" SET "network" = 'polygon_amoy' WHERE "network" = 'polygon_mumbai';--> statement-breakpoint
UPDATE "payment_quotes" SET "network" = 'polygon_amoy' WHERE "network" = 'polygon_mumbai';--> statement-breakpoint
UPDATE "payment_requests" SET "network" = 'polygon_amoy' WHERE "network" = 'polygon_mumbai';--> statement-breakpoint
UPDATE "contacts" SET "network" = 'polygon_amoy' WHERE "network" = 'polygon_mumbai';--> statement-breakpoint
-- A replayed answer to a repeated request speaks of the network by its current id and name.
UPDATE "idempotency_keys" SET "response" = replace(replace("response"::text, '"polygon_mumbai"', '"polygon_amoy"'), 'Polygon Mumbai', 'Polygon Amoy')::jsonb
  WHERE "response"::text LIKE '%polygon\_mumbai%' OR "response"::text LIKE '%Polygon Mumbai%';
