-- A send in one database round trip (issue 18, decision 016). The server decides a send (checks, fee, signature, fraud
-- alerts, its answer) from the state it read ahead, or kept from its last send; one call of send_in_one_call then
-- claims the Idempotency-Key, counts the send against the rate limit, locks the wallets, checks under the lock that
-- the state is still what the decision was made from (its md5), and writes everything, in the one transaction of the
-- call. A state that changed in between raises FC409 and rolls everything back; the server reads it again and
-- decides again. The function returns the state after the send, so the sender's next send needs no read.
--
-- send_state is what a send decides from, as jsonb in a fixed order (so its md5 only changes when the state does):
-- the sender's wallet and any wallet of ours at one of the recipient candidates (network, address), each with its
-- balances and its owner's display currency; and the sender's history the fraud rules compare with (payments/
-- fraud-rules.ts): their last 50 sends on the sender's network, up to 500 addresses paid there, their own addresses,
-- their contacts there, and the times of their latest sends on any network (the burst rule counts those in its window).
CREATE FUNCTION "send_state"(p_user_id text, p_wallet_id uuid, p_candidates jsonb, p_recent_limit integer) RETURNS jsonb
  LANGUAGE sql STABLE AS $$
  WITH network AS (SELECT w.network FROM wallets w WHERE w.id = p_wallet_id)
  SELECT jsonb_build_object(
    'wallets', (SELECT coalesce(jsonb_agg(jsonb_build_object(
        'id', w.id, 'user_id', w.user_id, 'network', w.network, 'address', w.address, 'public_key', w.public_key,
        'encrypted_private_key', w.encrypted_private_key, 'next_nonce', w.next_nonce,
        'faucet_claimed_at', w.faucet_claimed_at, 'created_at', w.created_at, 'disconnected_at', w.disconnected_at,
        'owner_currency', (SELECT u.display_currency FROM users u WHERE u.id = w.user_id),
        'balances', (SELECT coalesce(jsonb_object_agg(b.asset, b.balance::text), '{}') FROM wallet_balances b WHERE b.wallet_id = w.id)
      ) ORDER BY w.id), '[]')
      FROM wallets w
      WHERE w.id = p_wallet_id
         OR (w.network, w.address) IN (SELECT c->>'network', c->>'address' FROM jsonb_array_elements(p_candidates) c)),
    'earlier', (SELECT coalesce(jsonb_agg(jsonb_build_array(e.asset, e.amount::text) ORDER BY e.created_at DESC, e.id DESC), '[]')
      FROM (SELECT t.asset, t.amount, t.created_at, t.id FROM transactions t
            WHERE t.user_id = p_user_id AND t.type = 'send' AND t.network = (SELECT network FROM network)
            ORDER BY t.created_at DESC, t.id DESC LIMIT 50) e),
    'paid', (SELECT coalesce(jsonb_agg(p.address ORDER BY p.address), '[]')
      FROM (SELECT DISTINCT t.to_address AS address FROM transactions t
            WHERE t.user_id = p_user_id AND t.type = 'send' AND t.network = (SELECT network FROM network)
            ORDER BY t.to_address LIMIT 500) p),
    'own', (SELECT coalesce(jsonb_agg(mine.address ORDER BY mine.address), '[]') FROM wallets mine WHERE mine.user_id = p_user_id),
    'saved', (SELECT coalesce(jsonb_agg(saved.address ORDER BY saved.address), '[]') FROM contacts saved
      WHERE saved.user_id = p_user_id AND saved.network = (SELECT network FROM network)),
    'recent', (SELECT coalesce(jsonb_agg(r.created_at ORDER BY r.created_at DESC, r.id DESC), '[]')
      FROM (SELECT t.created_at, t.id FROM transactions t WHERE t.user_id = p_user_id AND t.type = 'send'
            ORDER BY t.created_at DESC, t.id DESC LIMIT p_recent_limit) r)
  )
$$;--> statement-breakpoint
-- Locks the sender's wallet and any wallet at one of the candidates, with their balance rows, in (wallet id, asset)
-- order so two opposite transfers cannot deadlock; then reads send_state in a statement of its own, whose snapshot
-- is taken once the locks are held, so it sees the latest committed balances and history.
CREATE FUNCTION "lock_send_state"(p_user_id text, p_wallet_id uuid, p_candidates jsonb, p_recent_limit integer) RETURNS jsonb
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM wallets w JOIN wallet_balances b ON b.wallet_id = w.id
    WHERE w.id = p_wallet_id
       OR (w.network, w.address) IN (SELECT c->>'network', c->>'address' FROM jsonb_array_elements(p_candidates) c)
    ORDER BY w.id, b.asset
    FOR UPDATE OF w, b;
  RETURN send_state(p_user_id, p_wallet_id, p_candidates, p_recent_limit);
END
$$;--> statement-breakpoint
-- One attempt counted against a fixed-window limit (lib/rate-limiter.ts): a new window once the old one has expired.
CREATE FUNCTION "count_attempt"(p_key text, p_window_seconds double precision, OUT hits integer, OUT window_started_at timestamptz)
  LANGUAGE sql AS $$
  INSERT INTO rate_limit_counters AS c (key, window_started_at, hits) VALUES (p_key, now(), 1)
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN c.window_started_at <= now() - make_interval(secs => p_window_seconds) THEN 1 ELSE c.hits + 1 END,
    window_started_at = CASE WHEN c.window_started_at <= now() - make_interval(secs => p_window_seconds) THEN now() ELSE c.window_started_at END
  RETURNING c.hits, c.window_started_at
$$;--> statement-breakpoint
-- A plain send (no firm quote, no payment request) in one call. Raises, rolling everything back:
--   FC401 when p_session_token is given and that session of the user has ended (the server took the session from
--         its memory of an earlier request; this is where it is checked against the database);
--   FC429 when the user is over the send limit, with the window's start (epoch ms) as the detail;
--   FC409 when the state under the lock is not the one the send was decided from.
-- Returns {"replay": {fingerprint, status_code, response}} when another request already holds the key (nothing is
-- written, nothing counted), or {"state": …, "state_md5": …} after the send: the answer (p_status_code, p_response)
-- is stored with the key; when p_transactions is not null (a transfer, not a refusal) the balances move by
-- p_balance_changes (summed per wallet and asset; a debit past zero breaks wallet_balances' CHECK), the signer's
-- nonce goes up by one, and the transaction rows and alerts are inserted as given (ids from the server).
-- The column lists below name every column of transactions and fraud_alerts the server writes: a migration that adds
-- one must add it here (server/src/payments/send-store.test.ts compares them with the schema).
CREATE FUNCTION "send_in_one_call"(
  p_user_id text, p_session_token text, p_key text, p_fingerprint text,
  p_counter_key text, p_limit integer, p_window_seconds double precision,
  p_wallet_id uuid, p_candidates jsonb, p_recent_limit integer, p_state_md5 text,
  p_status_code integer, p_response jsonb,
  p_balance_changes jsonb, p_transactions jsonb, p_alerts jsonb
) RETURNS jsonb
  LANGUAGE plpgsql AS $$
DECLARE
  v_holder idempotency_keys;
  v_counted record;
  v_state jsonb;
  v_moved integer;
  v_expected integer;
BEGIN
  IF p_session_token IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM sessions s WHERE s.token = p_session_token AND s.user_id = p_user_id AND s.expires_at > now()
  ) THEN
    RAISE EXCEPTION 'the session has ended' USING ERRCODE = 'FC401';
  END IF;

  -- Another request holding the key makes this insert wait until it commits; then its answer is replayed.
  INSERT INTO idempotency_keys (user_id, key, fingerprint) VALUES (p_user_id, p_key, p_fingerprint) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    SELECT * INTO v_holder FROM idempotency_keys k WHERE k.user_id = p_user_id AND k.key = p_key;
    RETURN jsonb_build_object('replay', jsonb_build_object(
      'fingerprint', v_holder.fingerprint, 'status_code', v_holder.status_code, 'response', v_holder.response));
  END IF;

  SELECT * INTO v_counted FROM count_attempt(p_counter_key, p_window_seconds);
  IF v_counted.hits > p_limit THEN
    RAISE EXCEPTION 'over the send limit' USING ERRCODE = 'FC429',
      DETAIL = floor(extract(epoch FROM v_counted.window_started_at) * 1000)::bigint::text;
  END IF;

  v_state := lock_send_state(p_user_id, p_wallet_id, p_candidates, p_recent_limit);
  IF md5(v_state::text) <> p_state_md5 THEN
    RAISE EXCEPTION 'the send''s state changed since it was read' USING ERRCODE = 'FC409';
  END IF;

  IF p_transactions IS NOT NULL THEN
    WITH changes AS (
      SELECT (c->>'wallet_id')::uuid AS wallet_id, c->>'asset' AS asset, sum((c->>'delta')::numeric) AS delta
      FROM jsonb_array_elements(p_balance_changes) c GROUP BY 1, 2
    ), debited AS (
      UPDATE wallet_balances b SET balance = b.balance + changes.delta FROM changes
      WHERE changes.delta < 0 AND b.wallet_id = changes.wallet_id AND b.asset = changes.asset
      RETURNING 1
    ), credited AS (
      INSERT INTO wallet_balances AS b (wallet_id, asset, balance)
      SELECT wallet_id, asset, delta FROM changes WHERE delta > 0
      ON CONFLICT (wallet_id, asset) DO UPDATE SET balance = b.balance + excluded.balance
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM debited) + (SELECT count(*) FROM credited), (SELECT count(*) FROM changes WHERE delta <> 0)
      INTO v_moved, v_expected;
    IF v_moved <> v_expected THEN
      RAISE EXCEPTION 'the send moved % of % balances', v_moved, v_expected;
    END IF;

    UPDATE wallets SET next_nonce = next_nonce + 1 WHERE id = p_wallet_id;

    INSERT INTO transactions (id, hash, network, type, asset, wallet_id, user_id, counterparty_wallet_id, from_address,
      to_address, amount, fee, gas_used, effective_gas_price, nonce, speed, status, confirmations, block_number,
      created_at, include_at, next_confirmation_at, quote_id, sender_currency, sender_value_minor, recipient_currency,
      recipient_value_minor, usd_value_cents, value_source, payment_reference, raw_transaction)
    SELECT id, hash, network, type, asset, wallet_id, user_id, counterparty_wallet_id, from_address,
      to_address, amount, fee, gas_used, effective_gas_price, nonce, speed, status, confirmations, block_number,
      created_at, include_at, next_confirmation_at, quote_id, sender_currency, sender_value_minor, recipient_currency,
      recipient_value_minor, usd_value_cents, value_source, payment_reference, raw_transaction
    FROM jsonb_populate_recordset(NULL::transactions, p_transactions);

    INSERT INTO fraud_alerts (id, user_id, transaction_id, risk_level, reason, created_at)
    SELECT id, user_id, transaction_id, risk_level, reason, created_at
    FROM jsonb_populate_recordset(NULL::fraud_alerts, coalesce(p_alerts, '[]'));

    -- A statement of its own: it sees this call's writes.
    v_state := send_state(p_user_id, p_wallet_id, p_candidates, p_recent_limit);
  END IF;

  UPDATE idempotency_keys SET status_code = p_status_code, response = p_response WHERE user_id = p_user_id AND key = p_key;
  RETURN jsonb_build_object('state', v_state, 'state_md5', md5(v_state::text));
END
$$;
