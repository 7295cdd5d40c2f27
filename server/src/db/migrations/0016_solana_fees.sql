-- Solana's own fees (issue 50, docs/product.md#fees): a Solana row carried 21,000 "gas" at a price in 10^-18 SOL whose
-- product was its fee. It now carries its compute-unit limit (1,000) and its priority fee's price in micro-lamports
-- per unit, and its fee is 5,000 lamports for its signature + limit × price ÷ 10^6. Every row keeps the fee it was
-- charged: the price is the one the new formula turns into it, (fee − 5,000) × 1,000. A row without gas (a simulated
-- faucet mint) keeps none. A receive carries its send's figures; an unused quote is rewritten the same way.
UPDATE "transactions" SET "effective_gas_price" = (div("gas_used" * "effective_gas_price", 1000000000) - 5000) * 1000, "gas_used" = 1000
  WHERE "network" = 'solana_devnet' AND "gas_used" = 21000;--> statement-breakpoint
UPDATE "payment_quotes" SET "gas_price" = (div("gas_used" * "gas_price", 1000000000) - 5000) * 1000, "gas_used" = 1000
  WHERE "network" = 'solana_devnet' AND "gas_used" = 21000;
