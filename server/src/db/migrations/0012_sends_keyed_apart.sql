-- A send's latest sends on a network (send_state's earlier, and recent on each of the user's networks) are read
-- through transactions_user_sends_idx, now keyed by the expression user_id || '/' || network, which no other index
-- holds. Keyed by (user_id, network), it was one of four indexes leading with user_id, and the planner chose among them
-- by its estimate for the user: with a history it had not analyzed yet (a busy sender, estimated at one row), or after
-- ANALYZE for a network where the user has no sends, it read every send of the user through another index and sorted
-- them, so a send's cost grew with its sender's history. The key is the same pair of columns (a network id has no '/',
-- so the last '/' splits it), and send_state answers the same jsonb: the md5 a server kept still matches.
DROP INDEX "transactions_user_sends_idx";--> statement-breakpoint
CREATE INDEX "transactions_user_sends_idx" ON "transactions" USING btree (("user_id" || '/' || "network"),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "transactions"."type" = 'send';--> statement-breakpoint
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
            WHERE t.user_id || '/' || t.network = p_user_id || '/' || (SELECT network FROM network) AND t.type = 'send'
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
                                WHERE t.user_id || '/' || t.network = p_user_id || '/' || n.network AND t.type = 'send'
                                ORDER BY t.created_at DESC NULLS LAST, t.id DESC NULLS LAST LIMIT p_recent_limit) s
            ORDER BY s.created_at DESC, s.id DESC LIMIT p_recent_limit) r)
  ));
END
$$;
