import { RISK_POINTS } from '@fincrypt/domain';
import { expect, it } from 'vitest';
import type { UserEvent } from '../../lib/event-bus.ts';
import { call, signUp } from '../../test/auth-client.ts';
import { externalAddress, postSend, walletOn } from '../../test/ledger-client.ts';
import { fundedUser } from '../../test/chain-steps.ts';
import { useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';
import { FRAUD_REASONS } from '../../payments/fraud-rules.ts';

describeEachDatabase('alerts and risk API', (kind) => {
  const ctx = useTestApp(kind);

  it('stores, lists and pushes the alerts a send raises, and scores risk over the last ten sends', async () => {
    const { user } = await fundedUser(ctx);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const friend = externalAddress('eth_sepolia');
    const pushed: UserEvent[] = [];
    const unsubscribe = ctx.app.ledger.events.subscribe((event) => {
      if (event.event === 'fraud_alert') pushed.push(event);
    });
    const amounts = ['1', '1', '1', '12', '1', '1'];
    for (const amount of amounts) {
      expect((await postSend(ctx.app, user, { walletId: wallet.id, to: friend, amount })).statusCode).toBe(201);
    }
    unsubscribe();

    const response = await call(ctx.app, 'GET', '/api/alerts', { cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    const alerts = response.json().alerts as { riskLevel: string; reason: string; transactionHash: string; timestamp: string }[];
    // newest first: the burst (5th send), the unusual 12, the first payment to a new address
    expect(alerts.map((alert) => [alert.riskLevel, alert.reason])).toEqual([
      ['medium', FRAUD_REASONS.burst],
      ['medium', FRAUD_REASONS.unusualAmount],
      ['low', FRAUD_REASONS.unfamiliarRecipient],
    ]);
    expect(pushed.map((event) => event.userId)).toEqual([user.id, user.id, user.id]);
    expect(pushed.map((event) => (event.payload as { message: string }).message).reverse()).toEqual(alerts.map((alert) => alert.reason));
    expect((await call(ctx.app, 'GET', '/api/alerts?limit=1', { cookie: user.cookie })).json().alerts).toHaveLength(1);
    expect((await call(ctx.app, 'GET', '/api/alerts?limit=1000', { cookie: user.cookie })).statusCode).toBe(400);

    const risk = (await call(ctx.app, 'GET', '/api/risk', { cookie: user.cookie })).json();
    // 6 sends seconds apart: 1 above 10 coins, 5 bursts, 1 recipient
    expect(risk).toMatchObject({
      score: RISK_POINTS.largeAmount + 5 * RISK_POINTS.burst + RISK_POINTS.distinctRecipient,
      level: 'high',
      label: 'High',
      breakdown: { largeAmounts: 1, bursts: 5, distinctRecipients: 1 },
      transactionsConsidered: 6,
    });

    const newcomer = await signUp(ctx.app);
    expect((await call(ctx.app, 'GET', '/api/risk', { cookie: newcomer.cookie })).json()).toMatchObject({ score: 0, level: 'low', transactionsConsidered: 0 });
    expect((await call(ctx.app, 'GET', '/api/alerts', { cookie: newcomer.cookie })).json()).toEqual({ alerts: [] });
  });

  it('judges a USDC send by its value: 500 USDC is large on Polygon (above 10 MATIC), not on Ethereum (below 10 ETH)', async () => {
    const { user } = await fundedUser(ctx);
    for (const network of ['polygon_amoy', 'eth_sepolia'] as const) {
      const wallet = await walletOn(ctx.app, user, network);
      const response = await postSend(ctx.app, user, { walletId: wallet.id, to: externalAddress(network), amount: '500', asset: 'USDC' });
      expect(response.statusCode, response.body).toBe(201);
    }
    const risk = (await call(ctx.app, 'GET', '/api/risk', { cookie: user.cookie })).json();
    expect(risk.breakdown.largeAmounts).toBe(1);
    expect(risk.transactionsConsidered).toBe(2);
  });
});
