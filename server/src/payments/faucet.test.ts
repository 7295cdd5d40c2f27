import { FAUCET_COOLDOWN_MS, listAssets, type FaucetResponse } from '@fincrypt/domain';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { wallets } from '../db/schema.ts';
import type { UserEvent } from '../lib/event-bus.ts';
import { call, signUp } from '../test/auth-client.ts';
import { balanceOf, claimFaucet, expectLedgerBalanced, listWallets, walletOn } from '../test/ledger-client.ts';
import { useTestApp } from '../test/test-app.ts';
import { describeEachDatabase, describeOnPostgres } from '../test/test-database.ts';

describeEachDatabase('faucet', (kind) => {
  const ctx = useTestApp(kind, { rateLimits: { faucetPerUser: 2 } });

  it('tops a wallet up by 10 of the coin and 500 USDC, as one mint transaction per asset the explorer shows', async () => {
    const user = await signUp(ctx.app);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    expect(wallet.nextFaucetAt).toBeNull();
    const events: UserEvent[] = [];
    const unsubscribe = ctx.app.ledger.events.subscribe((event) => events.push(event));
    const response = await claimFaucet(ctx.app, user, wallet.id);
    unsubscribe();
    expect(response.statusCode).toBe(201);
    const claimed: FaucetResponse = response.json();
    expect(balanceOf(claimed.wallet, 'ETH')).toBe(110n * 10n ** 18n);
    expect(balanceOf(claimed.wallet, 'USDC')).toBe(1_500_000_000n);
    expect(Date.parse(claimed.nextClaimAt) - Date.now()).toBeGreaterThan(FAUCET_COOLDOWN_MS - 60_000);
    expect(claimed.wallet.nextFaucetAt).toBe(claimed.nextClaimAt);
    expect(claimed.transactions.map((transaction) => [transaction.type, transaction.asset, transaction.amount, transaction.fee])).toEqual([
      ['mint', 'ETH', '10', '0'],
      ['mint', 'USDC', '500', '0'],
    ]);
    for (const transaction of claimed.transactions) {
      expect(transaction.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(transaction.toAddress).toBe(wallet.address);
      const explorer = await call(ctx.app, 'GET', `/api/explorer/tx/${transaction.hash}`);
      expect(explorer.statusCode).toBe(200);
      expect(explorer.json()).toMatchObject({ type: 'mint', asset: transaction.asset, to: wallet.address, status: 'pending' });
    }
    // The wallet list says when the next claim is possible; the owner's feed has the mints.
    expect((await walletOn(ctx.app, user, 'eth_sepolia')).nextFaucetAt).toBe(claimed.nextClaimAt);
    const history = (await call(ctx.app, 'GET', '/api/transactions?type=mint', { cookie: user.cookie })).json();
    expect(history.items).toHaveLength(2);
    expect(events.filter((event) => event.event === 'balance_update').map((event) => (event.payload as { balances: unknown[] }).balances)).toHaveLength(1);
    expect(events.filter((event) => event.event === 'transaction_update')).toHaveLength(2);
    await ctx.app.ledger.clock.tick(Date.now() + 60_000);
    const confirmed = await call(ctx.app, 'GET', `/api/explorer/tx/${claimed.transactions[1]!.hash}`);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed' });
    await expectLedgerBalanced(ctx.database.db);
  });

  it('refuses a second claim within 24 hours with when to ask again, and changes nothing', async () => {
    const user = await signUp(ctx.app);
    const wallet = await walletOn(ctx.app, user, 'solana_devnet');
    expect((await claimFaucet(ctx.app, user, wallet.id)).statusCode).toBe(201);
    const again = await claimFaucet(ctx.app, user, wallet.id);
    expect(again.statusCode).toBe(429);
    expect(again.json().error).toEqual({
      code: 'FAUCET_COOLDOWN',
      message: expect.stringMatching(/^This wallet already got test funds in the last 24 hours\. You can ask again in 2[34] hours( \d+ minutes?)?\.$/),
    });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    const after = await walletOn(ctx.app, user, 'solana_devnet');
    expect(balanceOf(after, 'USDC')).toBe(1_500_000_000n);
    // A day later it may claim again.
    await ctx.database.db
      .update(wallets)
      .set({ faucetClaimedAt: sql`now() - interval '24 hours 1 second'` })
      .where(eq(wallets.id, wallet.id));
    expect((await walletOn(ctx.app, user, 'solana_devnet')).nextFaucetAt).toBeNull();
    expect((await claimFaucet(ctx.app, user, wallet.id)).statusCode).toBe(201);
    await expectLedgerBalanced(ctx.database.db);
  });

  it("answers 404 for another user's wallet, a disconnected one, or no wallet, and 401 signed out", async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const bobs = await walletOn(ctx.app, bob, 'eth_sepolia');
    expect((await claimFaucet(ctx.app, alice, bobs.id)).statusCode).toBe(404);
    expect((await claimFaucet(ctx.app, alice, 'not-a-uuid')).statusCode).toBe(404);
    expect((await claimFaucet(ctx.app, alice, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(ctx.app, 'POST', `/api/wallets/${bobs.id}/faucet`)).statusCode).toBe(401);
    expect((await call(ctx.app, 'DELETE', `/api/wallets/${bobs.id}`, { cookie: bob.cookie })).statusCode).toBe(204);
    expect((await claimFaucet(ctx.app, bob, bobs.id)).statusCode).toBe(404);
    expect(balanceOf((await listWallets(ctx.app, bob))[0]!, 'USDC')).toBe(1_000_000_000n);
  });

  it("limits claims per user per hour across wallets; a reconnected wallet shares its network's day and starts empty", async () => {
    const user = await signUp(ctx.app);
    const [first, second, third] = await listWallets(ctx.app, user);
    expect((await claimFaucet(ctx.app, user, first!.id)).statusCode).toBe(201);
    // Disconnecting and connecting again mints nothing: no starter funds, and the network's claim of the day holds.
    expect((await call(ctx.app, 'DELETE', `/api/wallets/${first!.id}`, { cookie: user.cookie })).statusCode).toBe(204);
    const fresh = (await call(ctx.app, 'POST', '/api/wallets', { cookie: user.cookie, body: { network: first!.network } })).json();
    expect(balanceOf(fresh, 'USDC')).toBe(0n);
    const again = await claimFaucet(ctx.app, user, fresh.id);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('FAUCET_COOLDOWN');
    // That refusal cost nothing: the second network's claim is the hour's second, and the third is one too many.
    expect((await claimFaucet(ctx.app, user, second!.id)).statusCode).toBe(201);
    const over = await claimFaucet(ctx.app, user, third!.id);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many faucet claims\. Please wait/) });
    expect(over.headers['retry-after']).toBeDefined();
    expect(balanceOf((await walletOn(ctx.app, user, third!.network)), 'USDC')).toBe(listAssets(third!.network)[1]!.openingGrantUnits);
    await expectLedgerBalanced(ctx.database.db);
  });
});

describeOnPostgres('faucet under concurrent claims [postgres]', () => {
  const ctx = useTestApp('postgres');

  it('pays exactly one of 20 concurrent claims on one wallet', async () => {
    const user = await signUp(ctx.app);
    const wallet = await walletOn(ctx.app, user, 'polygon_amoy');
    const responses = await Promise.all(Array.from({ length: 20 }, () => claimFaucet(ctx.app, user, wallet.id)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(19);
    const after = await walletOn(ctx.app, user, 'polygon_amoy');
    expect(balanceOf(after, 'MATIC')).toBe(110n * 10n ** 18n);
    expect(balanceOf(after, 'USDC')).toBe(1_500_000_000n);
    await expectLedgerBalanced(ctx.database.db);
  });
});
