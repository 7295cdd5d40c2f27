-- The Solana runtime's published state (issue 50, decision 052): the blockhash every process signs with, and the
-- snapshot a new leader restores the runtime from. One row per network, written by the chain clock's leader only.
CREATE TABLE "solana_runtime" (
  "network" text PRIMARY KEY NOT NULL,
  "blockhash" text NOT NULL,
  "snapshot" text NOT NULL,
  "snapshot_slot" bigint NOT NULL,
  "saved_at" timestamp with time zone NOT NULL
);
