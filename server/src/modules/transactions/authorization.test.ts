import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { call, signUp } from '../../test/auth-client.ts';
import { expectLedgerBalanced, externalAddress, listWallets, postSend, walletOn } from '../../test/ledger-client.ts';
import { fundedUser } from '../../test/chain-steps.ts';
import { useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';

type Method = 'GET' | 'POST' | 'DELETE';

describeEachDatabase('wallet and transaction routes: authorization', (kind) => {
  const ctx = useTestApp(kind);

  it("answers 401 when signed out and 404 for another user's wallets and transactions, and changes nothing", async () => {
    const { user: owner } = await fundedUser(ctx, { name: 'Owner' });
    const intruder = await signUp(ctx.app, { name: 'Intruder' });
    const wallet = await walletOn(ctx.app, owner, 'eth_sepolia');
    const sent = await postSend(ctx.app, owner, { walletId: wallet.id, to: externalAddress('eth_sepolia'), amount: '1' });
    const hash: string = sent.json().transaction.hash;
    const sendBody = { walletId: wallet.id, to: externalAddress('eth_sepolia'), amount: '1' };
    const key = { 'idempotency-key': randomUUID() };

    const routes: { method: Method; url: string; body?: unknown; headers?: Record<string, string>; foreignStatus: number }[] = [
      { method: 'GET', url: '/api/wallets', foreignStatus: 200 },
      { method: 'POST', url: '/api/wallets', body: { network: 'eth_sepolia' }, foreignStatus: 409 },
      { method: 'DELETE', url: `/api/wallets/${wallet.id}`, foreignStatus: 404 },
      { method: 'GET', url: `/api/fees?walletId=${wallet.id}`, foreignStatus: 404 },
      { method: 'POST', url: '/api/transactions', body: sendBody, headers: key, foreignStatus: 404 },
      { method: 'GET', url: '/api/transactions', foreignStatus: 200 },
      { method: 'GET', url: '/api/transactions/counts', foreignStatus: 200 },
      { method: 'GET', url: `/api/transactions/${hash}`, foreignStatus: 404 },
      { method: 'GET', url: '/api/alerts', foreignStatus: 200 },
      { method: 'GET', url: '/api/risk', foreignStatus: 200 },
    ];
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      const anonymous = await call(ctx.app, route.method, route.url, { body: route.body, headers: route.headers });
      expect(anonymous.statusCode, `${label} signed out`).toBe(401);
      const forged = await call(ctx.app, route.method, route.url, { body: route.body, headers: route.headers, cookie: 'fincrypt.session_token=forged.value' });
      expect(forged.statusCode, `${label} forged cookie`).toBe(401);
      const foreign = await call(ctx.app, route.method, route.url, { body: route.body, headers: route.headers, cookie: intruder.cookie });
      expect(foreign.statusCode, `${label} as another user`).toBe(route.foreignStatus);
      // Whatever the intruder got, none of it is the owner's.
      expect(foreign.body, label).not.toContain(wallet.address);
      expect(foreign.body, label).not.toContain(hash);
    }
    const sendAsIntruder = await call(ctx.app, 'POST', '/api/transactions', { body: sendBody, headers: { 'idempotency-key': randomUUID() }, cookie: intruder.cookie });
    expect(sendAsIntruder.json().error.message).toBe('Sender wallet not found');

    const ownerWallets = await listWallets(ctx.app, owner);
    expect(ownerWallets.map((item) => item.id)).toContain(wallet.id);
    expect(ownerWallets.find((item) => item.id === wallet.id)?.balanceUnits).toBe(sent.json().wallet.balanceUnits);
    // The explorer is public, by design.
    expect((await call(ctx.app, 'GET', `/api/explorer/tx/${hash}`)).statusCode).toBe(200);
    await expectLedgerBalanced(ctx.database.db);
  });
});
