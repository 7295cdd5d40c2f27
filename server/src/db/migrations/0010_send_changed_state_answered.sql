-- A send whose state changed since the server read it answers that state instead of failing (issue 18, decision 028).
-- Until now send_in_one_call raised FC409 and the server sent again through a transaction of five statements. Now the
-- claim, the count, the lock and the writes run in a block that undoes them on FC409 and returns
-- {"changed": state, "state_md5": md5}: the state as the lock found it, so the server decides again from it and calls
-- once more (two round trips in all). Everything else is as in 0009: FC401 and FC429 still raise, and the answer is
-- {"replay": …} or {"state": …, "state_md5": …}.
CREATE OR REPLACE FUNCTION "send_in_one_call"(
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

  BEGIN
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
  EXCEPTION WHEN SQLSTATE 'FC409' THEN
    -- Everything since BEGIN is undone (the key, the count, the locks); v_state keeps what the lock found.
    RETURN jsonb_build_object('changed', v_state, 'state_md5', md5(v_state::text));
  END;
END
$$;
