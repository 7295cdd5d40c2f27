import { FAUCET_COOLDOWN_MS, listAssets, type FaucetResponse, type WalletView } from '@fincrypt/domain';
import { and, eq, sql } from 'drizzle-orm';
import { erc20Abi, type Address } from 'viem';
import { expect, it } from 'vitest';
import { usdcAddressOn } from '../chain/local-chain-setup.ts';
import { transactions, wallets } from '../db/schema.ts';
import type { UserEvent } from '../lib/event-bus.ts';
import { call, signUp } from '../test/auth-client.ts';
import { fundedUser, includePending } from '../test/chain-steps.ts';
import { balanceOf, claimFaucet, expectLedgerBalanced, listWallets, walletOn } from '../test/ledger-client.ts';
import { type TestContext, useTestApp } from '../test/test-app.ts';
import { describeEachDatabase, describeOnPostgres } from '../test/test-database.ts';
import { compareWithChain } from './ledger-vs-chain.ts';

const ETH = 10n ** 18n;
const USDC = 10n ** 6n;

/** What the node holds at `address`: its ETH and its test USDC. */
async function onNode(ctx: TestContext, address: string): Promise<[bigint, bigint]> {
  const { client } = ctx.testChain.chain;
  return Promise.all([
    client.getBalance({ address: address as Address }),
    client.readContract({ address: usdcAddressOn('eth_sepolia'), abi: erc20Abi, functionName: 'balanceOf', args: [address as Address] }),
  ]);
}

/** Each asset's balance and what is on its way in, as the wallet view shows them. */
const balancesOf = (wallet: Pick<WalletView, 'balances'>) => wallet.balances.map(({ asset, balanceUnits, incomingUnits }) => [asset, balanceUnits, incomingUnits]);

/** Once nothing is pending, the book's balances on the network are the node's. */
async function expectBookEqualsChain(ctx: TestContext): Promise<void> {
  const comparison = await compareWithChain(ctx.database.db, ctx.testChain.chain);
  expect(comparison.pending).toBe(0);
  expect(comparison.differences).toEqual([]);
  await expectLedgerBalanced(ctx.database.db);
}

describeEachDatabase('faucet', (kind) => {
  const ctx = useTestApp(kind, { rateLimits: { faucetPerUser: 2 } });

  it('tops a wallet up by 10 of the coin and 500 USDC as one treasury mint per asset the explorer shows, credited once a block includes them', async () => {
    const { user, walletId, address } = await fundedUser(ctx);
    expect((await walletOn(ctx.app, user, 'eth_sepolia')).nextFaucetAt).toBeNull();
    const events: UserEvent[] = [];
    const unsubscribe = ctx.app.ledger.events.subscribe((event) => events.push(event));
    const response = await claimFaucet(ctx.app, user, walletId);
    unsubscribe();
    expect(response.statusCode).toBe(201);
    const claimed: FaucetResponse = response.json();
    // On its way in, not yet spendable.
    expect(balancesOf(claimed.wallet)).toEqual([
      ['ETH', String(100n * ETH), String(10n * ETH)],
      ['USDC', String(1_000n * USDC), String(500n * USDC)],
    ]);
    expect(Date.parse(claimed.nextClaimAt) - Date.now()).toBeGreaterThan(FAUCET_COOLDOWN_MS - 60_000);
    expect(claimed.wallet.nextFaucetAt).toBe(claimed.nextClaimAt);
    expect(claimed.transactions.map((transaction) => [transaction.type, transaction.asset, transaction.amount, transaction.fee])).toEqual([
      ['mint', 'ETH', '10', '0'],
      ['mint', 'USDC', '500', '0'],
    ]);
    for (const transaction of claimed.transactions) {
      expect(transaction.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(transaction.toAddress).toBe(address);
      expect(transaction.fromAddress).toBe(ctx.testChain.chain.treasury.address);
      const explorer = await call(ctx.app, 'GET', `/api/explorer/tx/${transaction.hash}`);
      expect(explorer.statusCode).toBe(200);
      expect(explorer.json()).toMatchObject({ type: 'mint', asset: transaction.asset, to: address, status: 'pending' });
    }
    // The wallet list says when the next claim is possible; the owner's feed has the mints beside the sign-up grants.
    expect((await walletOn(ctx.app, user, 'eth_sepolia')).nextFaucetAt).toBe(claimed.nextClaimAt);
    const history = (await call(ctx.app, 'GET', '/api/transactions?type=mint', { cookie: user.cookie })).json();
    expect(history.items.map((item: { hash: string }) => item.hash)).toEqual(expect.arrayContaining(claimed.transactions.map((transaction) => transaction.hash)));
    expect(history.items).toHaveLength(4);
    expect(events.filter((event) => event.event === 'balance_update')).toHaveLength(1);
    expect(events.filter((event) => event.event === 'transaction_update')).toHaveLength(2);

    await includePending(ctx);
    for (const transaction of claimed.transactions) {
      expect((await ctx.testChain.chain.client.getTransactionReceipt({ hash: transaction.hash as Address })).status).toBe('success');
      const confirmed = await call(ctx.app, 'GET', `/api/explorer/tx/${transaction.hash}`);
      expect(confirmed.json()).toMatchObject({ status: 'confirmed' });
    }
    const credited = await walletOn(ctx.app, user, 'eth_sepolia');
    expect([balanceOf(credited, 'ETH'), balanceOf(credited, 'USDC')]).toEqual([110n * ETH, 1_500n * USDC]);
    expect(await onNode(ctx, address)).toEqual([110n * ETH, 1_500n * USDC]);
    await expectBookEqualsChain(ctx);
  });

  it('refuses a second claim within 24 hours with when to ask again, and mints nothing for it', async () => {
    const user = await signUp(ctx.app);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    expect((await claimFaucet(ctx.app, user, wallet.id)).statusCode).toBe(201);
    const again = await claimFaucet(ctx.app, user, wallet.id);
    expect(again.statusCode).toBe(429);
    expect(again.json().error).toEqual({
      code: 'FAUCET_COOLDOWN',
      message: expect.stringMatching(/^This wallet already got test funds in the last 24 hours\. You can ask again in 2[34] hours( \d+ minutes?)?\.$/),
    });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // The grants and one claim reach the chain, and no more.
    await includePending(ctx);
    expect(balanceOf(await walletOn(ctx.app, user, 'eth_sepolia'), 'USDC')).toBe(1_500n * USDC);
    expect(await onNode(ctx, wallet.address)).toEqual([110n * ETH, 1_500n * USDC]);
    // A day later it may claim again.
    await ctx.database.db
      .update(wallets)
      .set({ faucetClaimedAt: sql`now() - interval '24 hours 1 second'` })
      .where(eq(wallets.id, wallet.id));
    expect((await walletOn(ctx.app, user, 'eth_sepolia')).nextFaucetAt).toBeNull();
    expect((await claimFaucet(ctx.app, user, wallet.id)).statusCode).toBe(201);
    await includePending(ctx);
    expect(await onNode(ctx, wallet.address)).toEqual([120n * ETH, 2_000n * USDC]);
    await expectBookEqualsChain(ctx);
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
    // Nothing was minted for any of them: the only mints are the two sign-up grants of each.
    const mintsOf = (userId: string) =>
      ctx.database.db.select({ id: transactions.id }).from(transactions).where(and(eq(transactions.userId, userId), eq(transactions.type, 'mint')));
    expect(await mintsOf(alice.id)).toHaveLength(2);
    expect(await mintsOf(bob.id)).toHaveLength(2);
  });

  it("limits claims per user per hour across wallets; a reconnected wallet shares its network's day and starts empty", async () => {
    const user = await signUp(ctx.app);
    const sepolia = await walletOn(ctx.app, user, 'eth_sepolia');
    const [second, third] = (await listWallets(ctx.app, user)).filter((wallet) => wallet.network !== 'eth_sepolia');
    expect((await claimFaucet(ctx.app, user, sepolia.id)).statusCode).toBe(201);
    // Disconnecting and connecting again mints nothing: no starter funds, and the network's claim of the day holds.
    expect((await call(ctx.app, 'DELETE', `/api/wallets/${sepolia.id}`, { cookie: user.cookie })).statusCode).toBe(204);
    const fresh: WalletView = (await call(ctx.app, 'POST', '/api/wallets', { cookie: user.cookie, body: { network: 'eth_sepolia' } })).json();
    expect(fresh.address).not.toBe(sepolia.address);
    expect(balancesOf(fresh)).toEqual([
      ['ETH', '0', undefined],
      ['USDC', '0', undefined],
    ]);
    const again = await claimFaucet(ctx.app, user, fresh.id);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('FAUCET_COOLDOWN');
    // That refusal cost nothing: the second network's claim is the hour's second, and the third is one too many.
    expect((await claimFaucet(ctx.app, user, second!.id)).statusCode).toBe(201);
    const over = await claimFaucet(ctx.app, user, third!.id);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many faucet claims\. Please wait/) });
    expect(over.headers['retry-after']).toBeDefined();
    expect(balanceOf(await walletOn(ctx.app, user, third!.network), 'USDC')).toBe(listAssets(third!.network)[1]!.openingGrantUnits);
    // On the chain, the old address got its grants and the claim, the new one nothing.
    await includePending(ctx);
    expect(await onNode(ctx, sepolia.address)).toEqual([110n * ETH, 1_500n * USDC]);
    expect(await onNode(ctx, fresh.address)).toEqual([0n, 0n]);
    await expectBookEqualsChain(ctx);
  });
});

describeOnPostgres('faucet under concurrent claims [postgres]', () => {
  const ctx = useTestApp('postgres');

  it('pays exactly one of 20 concurrent claims on one wallet, and signs nothing for the others', async () => {
    const user = await signUp(ctx.app);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const responses = await Promise.all(Array.from({ length: 20 }, () => claimFaucet(ctx.app, user, wallet.id)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(19);
    await includePending(ctx);
    const after = await walletOn(ctx.app, user, 'eth_sepolia');
    expect([balanceOf(after, 'ETH'), balanceOf(after, 'USDC')]).toEqual([110n * ETH, 1_500n * USDC]);
    expect(await onNode(ctx, wallet.address)).toEqual([110n * ETH, 1_500n * USDC]);
    // The treasury sent the two grants and the one claim's two mints, on a node of its own.
    expect(await ctx.testChain.chain.client.getTransactionCount({ address: ctx.testChain.chain.treasury.address as Address })).toBe(4);
    await expectBookEqualsChain(ctx);
  });
});
