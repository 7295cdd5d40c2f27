-- One send path (decision 035): a send is decided in TypeScript and written in one transaction, so the PL/pgSQL that
-- decided half of it in the database goes. The fraud history it read is now a query of payments/send-state.ts, through
-- the same indexes (0011, 0012), and an attempt is counted by a plain upsert in lib/rate-limiter.ts.
DROP FUNCTION IF EXISTS "send_in_one_call"(text, text, text, text, text, integer, double precision, uuid, jsonb, integer, text, integer, jsonb, jsonb, jsonb, jsonb);--> statement-breakpoint
DROP FUNCTION IF EXISTS "lock_send_state"(text, uuid, jsonb, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS "send_state"(text, uuid, jsonb, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS "count_attempt"(text, double precision);
