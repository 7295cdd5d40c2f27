CREATE INDEX "transactions_user_sends_idx" ON "transactions" USING btree ("user_id","network","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "transactions"."type" = 'send';--> statement-breakpoint
CREATE INDEX "transactions_user_payees_idx" ON "transactions" USING btree ("user_id","network","to_address") WHERE "transactions"."type" = 'send';--> statement-breakpoint
-- send_state as in migration 0009, the same jsonb for the same rows (so the md5 a server kept still matches), read
-- through the two indexes above: the latest sends on the network and across networks stop at their LIMIT, and the
-- addresses paid are walked one index probe per distinct address (PostgreSQL has no skip scan), stopping at 500.
-- Before, each of the three read every send of the user, twice per send: a send's cost grew with its sender's history.
-- The inner ORDER BYs say NULLS LAST to match the indexes; the columns are NOT NULL, so the order is the same.
-- The wallets are found by id: the sender's, and those at the candidates through (network, address). 0009's
-- "id = … OR (network, address) IN (…)" could use neither index and read every wallet (47 ms at 150,000 wallets).
CREATE OR REPLACE FUNCTION "send_state"(p_user_id text, p_wallet_id uuid, p_candidates jsonb, p_recent_limit integer) RETURNS jsonb
  LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (WITH network AS (SELECT w.network FROM wallets w WHERE w.id = p_wallet_id)
  SELECT jsonb_build_object(
    'wallets', (SELECT coalesce(jsonb_agg(jsonb_build_object(
        'id', w.id, 'user_id', w.user_id, 'network', w.network, 'address', w.address, 'public_key', w.public_key,
        'encrypted_private_key', w.encrypted_private_key, 'next_nonce', w.next_nonce,
        'faucet_claimed_at', w.faucet_claimed_at, 'created_at', w.created_at, 'disconnected_at', w.disconnected_at,
        'owner_currency', (SELECT u.display_currency FROM users u WHERE u.id = w.user_id),
        'balances', (SELECT coalesce(jsonb_object_agg(b.asset, b.balance::text), '{}') FROM wallet_balances b WHERE b.wallet_id = w.id)
      ) ORDER BY w.id), '[]')
      FROM wallets w
      WHERE w.id IN (SELECT p_wallet_id UNION ALL
                     SELECT o.id FROM jsonb_array_elements(p_candidates) c
                     JOIN wallets o ON o.network = c->>'network' AND o.address = c->>'address')),
    'earlier', (SELECT coalesce(jsonb_agg(jsonb_build_array(e.asset, e.amount::text) ORDER BY e.created_at DESC, e.id DESC), '[]')
      FROM (SELECT t.asset, t.amount, t.created_at, t.id FROM transactions t
            WHERE t.user_id = p_user_id AND t.type = 'send' AND t.network = (SELECT network FROM network)
            ORDER BY t.created_at DESC NULLS LAST, t.id DESC NULLS LAST LIMIT 50) e),
    'paid', (SELECT coalesce(jsonb_agg(p.address ORDER BY p.address), '[]')
      FROM (WITH RECURSIVE payee(address) AS (
              (SELECT t.to_address FROM transactions t
               WHERE t.user_id = p_user_id AND t.type = 'send' AND t.network = (SELECT network FROM network)
               ORDER BY t.to_address LIMIT 1)
              UNION ALL
              SELECT (SELECT t.to_address FROM transactions t
                      WHERE t.user_id = p_user_id AND t.type = 'send' AND t.network = (SELECT network FROM network)
                        AND t.to_address > payee.address
                      ORDER BY t.to_address LIMIT 1)
              FROM payee WHERE payee.address IS NOT NULL
            )
            SELECT payee.address FROM payee WHERE payee.address IS NOT NULL LIMIT 500) p),
    'own', (SELECT coalesce(jsonb_agg(mine.address ORDER BY mine.address), '[]') FROM wallets mine WHERE mine.user_id = p_user_id),
    'saved', (SELECT coalesce(jsonb_agg(saved.address ORDER BY saved.address), '[]') FROM contacts saved
      WHERE saved.user_id = p_user_id AND saved.network = (SELECT network FROM network)),
    'recent', (SELECT coalesce(jsonb_agg(r.created_at ORDER BY r.created_at DESC, r.id DESC), '[]')
      FROM (SELECT s.created_at, s.id
            FROM (SELECT DISTINCT mine.network FROM wallets mine WHERE mine.user_id = p_user_id) n
            CROSS JOIN LATERAL (SELECT t.created_at, t.id FROM transactions t
                                WHERE t.user_id = p_user_id AND t.type = 'send' AND t.network = n.network
                                ORDER BY t.created_at DESC NULLS LAST, t.id DESC NULLS LAST LIMIT p_recent_limit) s
            ORDER BY s.created_at DESC, s.id DESC LIMIT p_recent_limit) r)
  ));
END
$$;
--> statement-breakpoint
-- lock_send_state as in migration 0009, its wallets found by id as send_state's are (the same rows, locked in the same
-- order), so that it too reads no more than the sender's and the candidates' wallets.
CREATE OR REPLACE FUNCTION "lock_send_state"(p_user_id text, p_wallet_id uuid, p_candidates jsonb, p_recent_limit integer) RETURNS jsonb
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM wallets w JOIN wallet_balances b ON b.wallet_id = w.id
    WHERE w.id IN (SELECT p_wallet_id UNION ALL
                   SELECT o.id FROM jsonb_array_elements(p_candidates) c
                   JOIN wallets o ON o.network = c->>'network' AND o.address = c->>'address')
    ORDER BY w.id, b.asset
    FOR UPDATE OF w, b;
  RETURN send_state(p_user_id, p_wallet_id, p_candidates, p_recent_limit);
END
$$;
--> statement-breakpoint
-- count_attempt as in migration 0009, in PL/pgSQL for the same reason: a SQL function with an INSERT is planned on
-- every call; PL/pgSQL keeps the plan for the connection. Every send and every counted sign-in attempt calls it.
CREATE OR REPLACE FUNCTION "count_attempt"(p_key text, p_window_seconds double precision, OUT hits integer, OUT window_started_at timestamptz)
  LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  INSERT INTO rate_limit_counters AS c (key, window_started_at, hits) VALUES (p_key, now(), 1)
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN c.window_started_at <= now() - make_interval(secs => p_window_seconds) THEN 1 ELSE c.hits + 1 END,
    window_started_at = CASE WHEN c.window_started_at <= now() - make_interval(secs => p_window_seconds) THEN now() ELSE c.window_started_at END
  RETURNING c.hits, c.window_started_at INTO count_attempt.hits, count_attempt.window_started_at;
END
$$;
