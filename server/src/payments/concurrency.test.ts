import { randomInt } from 'node:crypto';
import {
  getNetwork,
  MAX_WALLETS_PER_USER,
  NETWORK_IDS,
  nativeAsset,
  notEnoughForFeeMessage,
  SEND_MESSAGES,
  WALLET_MESSAGES,
  type SendResponse,
  type WalletView,
} from '@fincrypt/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Hex, TransactionReceipt } from 'viem';
import { expect, it } from 'vitest';
import { generateKeyPair } from '../chain/keys.ts';
import { mints, transactions, walletBalances, wallets } from '../db/schema.ts';
import { call, signUp, type TestUser } from '../test/auth-client.ts';
import { fundedUser, includePending } from '../test/chain-steps.ts';
import { expectLedgerBalanced, externalAddress, listWallets, postSend, storedBalances, walletOn } from '../test/ledger-client.ts';
import { type TestContext, useTestApp } from '../test/test-app.ts';
import { describeEachDatabase, describeOnPostgres } from '../test/test-database.ts';
import { checkLedgerAndChains } from './ledger-vs-chain.ts';

const ETH = 10n ** 18n;
const USDC = 10n ** 6n;

/** What the node charged a send: the fee the book keeps once a block includes it. */
const feeOf = (receipt: TransactionReceipt) => receipt.gasUsed * receipt.effectiveGasPrice;

/** Each send's receipt, once a block has included it. */
const receiptsOf = (ctx: TestContext, hashes: readonly string[]) =>
  Promise.all(hashes.map((hash) => ctx.testChain.chain.client.getTransactionReceipt({ hash: hash as Hex })));

/** Once nothing on the network is pending, the ledger holds and every address's balances are the chain's. */
async function expectBookEqualsChain(ctx: TestContext): Promise<void> {
  const report = await checkLedgerAndChains(ctx.database.db, new Map([['eth_sepolia', ctx.testChain.chain]]));
  expect(report.breaches).toEqual([]);
  expect(report.chains).toEqual([{ network: 'eth_sepolia', pending: 0, differences: [] }]);
}

/**
 * Concurrency is only real on PostgreSQL: PGlite has one connection and runs transactions one after another.
 * Ethereum Sepolia on a local Anvil, as `npm start` runs it: each send holds its quoted fee as a cap until a block includes it.
 */
describeOnPostgres('concurrent sends [postgres]', () => {
  const ctx = useTestApp('postgres');

  it('lets exactly the affordable ones of 50 concurrent overdrafts through', async () => {
    const { user, walletId } = await fundedUser(ctx);
    const to = externalAddress('eth_sepolia');
    const responses = await Promise.all(Array.from({ length: 50 }, () => postSend(ctx.app, user, { walletId, to, amount: '50.5' })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(49);
    for (const response of responses.filter((item) => item.statusCode === 400)) {
      expect(response.json().error.message).toBe(SEND_MESSAGES.insufficientBalance);
    }
    const sent: SendResponse = responses.find((response) => response.statusCode === 201)!.json();
    const stored = await storedBalances(ctx.database.db, [walletId], 'ETH');
    expect(stored.get(walletId)).toBe(100n * ETH - 505n * ETH / 10n - BigInt(sent.transaction.feeUnits));
    await expectLedgerBalanced(ctx.database.db);

    // The node takes the one send; the receipt's fee is kept and the rest of the cap given back.
    await includePending(ctx);
    const [receipt] = await receiptsOf(ctx, [sent.transaction.hash]);
    expect(receipt!.status).toBe('success');
    expect((await storedBalances(ctx.database.db, [walletId], 'ETH')).get(walletId)).toBe(100n * ETH - 505n * ETH / 10n - feeOf(receipt!));
    expect(await ctx.testChain.chain.client.getBalance({ address: to as Hex })).toBe(505n * ETH / 10n);
    await expectBookEqualsChain(ctx);
  });

  it('lets exactly the affordable ones of 30 concurrent token sends through: together they ask for 3x the USDC', async () => {
    const alice = (await fundedUser(ctx)).user;
    const bob = (await fundedUser(ctx)).user;
    const wallet = await walletOn(ctx.app, alice, 'eth_sepolia');
    const to = await walletOn(ctx.app, bob, 'eth_sepolia');
    // 1,000 USDC, 30 sends of 100 USDC: exactly 10 fit, whatever the order.
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => postSend(ctx.app, alice, { walletId: wallet.id, asset: 'USDC', to: to.address, amount: '100' })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 400)).toHaveLength(20);
    for (const response of responses.filter((item) => item.statusCode === 400)) expect(response.json().error.message).toBe('Insufficient USDC balance');
    const sent = responses.filter((item) => item.statusCode === 201).map((item) => (item.json() as SendResponse).transaction);
    const caps = sent.reduce((sum, transaction) => sum + BigInt(transaction.feeUnits), 0n);
    expect((await storedBalances(ctx.database.db, [wallet.id], 'USDC')).get(wallet.id)).toBe(0n);
    // Bob's USDC is on its way in, not yet his, until a block includes the sends.
    const waiting = await walletOn(ctx.app, bob, 'eth_sepolia');
    expect(waiting.balances.find((balance) => balance.asset === 'USDC')).toMatchObject({ balanceUnits: String(1_000n * USDC), incomingUnits: String(1_000n * USDC) });
    expect((await storedBalances(ctx.database.db, [wallet.id], 'ETH')).get(wallet.id)).toBe(nativeAsset('eth_sepolia').openingGrantUnits - caps);
    await expectLedgerBalanced(ctx.database.db);

    await includePending(ctx);
    const receipts = await receiptsOf(ctx, sent.map((transaction) => transaction.hash));
    expect(receipts.map((receipt) => receipt.status)).toEqual(sent.map(() => 'success'));
    expect((await storedBalances(ctx.database.db, [to.id], 'USDC')).get(to.id)).toBe(2_000n * USDC);
    const charged = receipts.reduce((sum, receipt) => sum + feeOf(receipt), 0n);
    expect((await storedBalances(ctx.database.db, [wallet.id], 'ETH')).get(wallet.id)).toBe(nativeAsset('eth_sepolia').openingGrantUnits - charged);
    await expectBookEqualsChain(ctx);
  });

  it('lets exactly the affordable ones of 20 concurrent token sends through when their fees outrun the coin', async () => {
    const { user, walletId } = await fundedUser(ctx);
    // Leave the wallet a little ETH: enough for a few token-transfer fees, not for twenty.
    const drain = await postSend(ctx.app, user, { walletId, to: externalAddress('eth_sepolia'), amount: '99.99' });
    expect(drain.statusCode).toBe(201);
    const left = (await storedBalances(ctx.database.db, [walletId], 'ETH')).get(walletId)!;
    const to = externalAddress('eth_sepolia');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => postSend(ctx.app, user, { walletId, asset: 'USDC', to, amount: '1', speed: 'fast' })),
    );
    const sent = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode === 400);
    expect(sent.length + refused.length).toBe(20);
    for (const response of refused) expect(response.json().error).toMatchObject({ code: 'INSUFFICIENT_FEE_BALANCE', message: notEnoughForFeeMessage('eth_sepolia') });
    // Every fee was affordable when it was charged, and the next one would not have been.
    const fees = sent.map((response) => BigInt(response.json().transaction.feeUnits));
    const paid = fees.reduce((sum, fee) => sum + fee, 0n);
    expect(paid).toBeLessThanOrEqual(left);
    expect(sent.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(left - paid).toBeLessThan(fees.reduce((max, fee) => (fee > max ? fee : max), 0n) * 2n);
    expect((await storedBalances(ctx.database.db, [walletId], 'ETH')).get(walletId)).toBe(left - paid);
    expect((await storedBalances(ctx.database.db, [walletId], 'USDC')).get(walletId)).toBe(1_000_000_000n - BigInt(sent.length) * 1_000_000n);
    await expectLedgerBalanced(ctx.database.db);

    // The node holds the sender to every cap the book held, so it takes every send the book let through.
    await includePending(ctx);
    const receipts = await receiptsOf(ctx, [drain.json().transaction.hash, ...sent.map((response) => response.json().transaction.hash)]);
    expect(receipts.map((receipt) => receipt.status)).toEqual(receipts.map(() => 'success'));
    const charged = receipts.reduce((sum, receipt) => sum + feeOf(receipt), 0n);
    expect((await storedBalances(ctx.database.db, [walletId], 'ETH')).get(walletId)).toBe(100n * ETH - 9999n * ETH / 100n - charged);
    await expectBookEqualsChain(ctx);
  });

  it('keeps the ledger exact through 200 concurrent random transfers among 10 wallets with a hot one', async () => {
    const users: TestUser[] = [];
    for (let i = 0; i < 10; i += 1) users.push(await signUp(ctx.app, { name: `Crowd ${i}` }));
    await includePending(ctx);
    const crowd: WalletView[] = await Promise.all(users.map((user) => walletOn(ctx.app, user, 'eth_sepolia')));
    const hot = 0;
    const transfers = Array.from({ length: 200 }, (_, i) => {
      // Half of the transfers touch the hot wallet, in both directions; some leave the system.
      const from = i % 4 === 0 ? hot : randomInt(10);
      let to = i % 4 === 1 ? hot : randomInt(10);
      if (to === from) to = (from + 1 + randomInt(9)) % 10;
      const isOutside = i % 10 === 9;
      const amountUnits = BigInt(randomInt(1, 500)) * 10n ** 16n; // 0.01 to 4.99 ETH
      return { from, to: isOutside ? undefined : to, amountUnits };
    });
    expect(crowd.map((wallet) => BigInt(wallet.balanceUnits))).toEqual(crowd.map(() => 100n * ETH));
    // Right after the sends: each sender less the amount and the fee's cap; recipients are credited with the block.
    const expected = crowd.map((wallet) => BigInt(wallet.balanceUnits));
    // Once a block includes them: each sender less the amount and the receipt's fee, each recipient plus the amount.
    const expectedOnceIncluded = [...expected];
    const responses = await Promise.all(
      transfers.map((transfer) =>
        postSend(ctx.app, users[transfer.from]!, {
          walletId: crowd[transfer.from]!.id,
          to: transfer.to === undefined ? externalAddress('eth_sepolia') : crowd[transfer.to]!.address,
          amount: `${transfer.amountUnits / ETH}.${(transfer.amountUnits % ETH).toString().padStart(18, '0')}`,
          speed: 'fast',
        }),
      ),
    );
    expect(responses.filter((response) => response.statusCode >= 500)).toEqual([]);
    transfers.forEach((transfer, i) => {
      const response = responses[i]!;
      if (response.statusCode === 400) {
        expect(response.json().error.message).toBe(SEND_MESSAGES.insufficientBalance);
        return;
      }
      expect(response.statusCode).toBe(201);
      expected[transfer.from]! -= transfer.amountUnits + BigInt(response.json().transaction.feeUnits);
      expectedOnceIncluded[transfer.from]! -= transfer.amountUnits;
      if (transfer.to !== undefined) expectedOnceIncluded[transfer.to]! += transfer.amountUnits;
    });
    // Most go through (the amounts are small against 100 ETH), so the locks really were contended.
    const sent = responses.filter((response) => response.statusCode === 201);
    expect(sent.length).toBeGreaterThan(100);
    const balances = async () => {
      const balanceById = await storedBalances(ctx.database.db, crowd.map((wallet) => wallet.id), 'ETH');
      return crowd.map((wallet) => balanceById.get(wallet.id));
    };
    expect(await balances()).toEqual(expected);
    await expectLedgerBalanced(ctx.database.db);

    // Every send the book let through had its own nonce and was affordable: the node includes them all.
    await includePending(ctx);
    const receipts = await receiptsOf(ctx, sent.map((response) => response.json().transaction.hash));
    expect(receipts.map((receipt) => receipt.status)).toEqual(receipts.map(() => 'success'));
    receipts.forEach((receipt) => {
      expectedOnceIncluded[crowd.findIndex((wallet) => wallet.address.toLowerCase() === receipt.from.toLowerCase())]! -= feeOf(receipt);
    });
    expect(await balances()).toEqual(expectedOnceIncluded);
    await expectBookEqualsChain(ctx);
  });
});

/**
 * On PGlite the connects run one after another; on PostgreSQL they really race (each on its own connection). Ethereum
 * Sepolia on a local Anvil, as `npm start` runs it: a wallet connected there is funded by treasury transactions.
 */
describeEachDatabase('wallet cap under concurrent connects', (kind) => {
  const ctx = useTestApp(kind);

  /** Wallets the user had and closed, each with its minted starting balance, as many connects would leave them. */
  async function addClosedWallets(userId: string, howMany: number) {
    for (let i = 0; i < howMany; i += 1) {
      const network = getNetwork(NETWORK_IDS[i % NETWORK_IDS.length]!);
      const keyPair = generateKeyPair(network);
      const balance = nativeAsset(network.id).openingGrantUnits;
      const [row] = await ctx.database.db
        .insert(wallets)
        .values({
          userId,
          network: network.id,
          address: keyPair.address,
          publicKey: keyPair.publicKey,
          encryptedPrivateKey: 'closed before this test',
          disconnectedAt: new Date(),
        })
        .returning({ id: wallets.id });
      await ctx.database.db.insert(walletBalances).values({ walletId: row!.id, asset: network.symbol, balance });
      await ctx.database.db.insert(mints).values({ walletId: row!.id, network: network.id, asset: network.symbol, amount: balance, source: 'opening' });
    }
  }

  const walletsEver = async (userId: string) =>
    (await ctx.database.db.select({ count: count() }).from(wallets).where(eq(wallets.userId, userId)))[0]?.count;

  /** A block includes every Sepolia grant the users' connects had the treasury sign: no two took the same treasury nonce. */
  async function expectGrantsIncluded(userIds: string[]) {
    await includePending(ctx);
    const grants = await ctx.database.db
      .select({ status: transactions.status })
      .from(transactions)
      .where(and(inArray(transactions.userId, userIds), eq(transactions.type, 'mint'), eq(transactions.network, 'eth_sepolia')));
    expect(grants.length).toBeGreaterThan(0);
    expect(grants.map((grant) => grant.status)).toEqual(grants.map(() => 'confirmed'));
  }

  it(`lets exactly one of three concurrent connects through at ${MAX_WALLETS_PER_USER - 1} of ${MAX_WALLETS_PER_USER} wallets ever`, async () => {
    const user = await signUp(ctx.app);
    // The three starter wallets, closed, plus closed ones up to one below the cap: every network is free.
    for (const wallet of await listWallets(ctx.app, user)) {
      expect((await call(ctx.app, 'DELETE', `/api/wallets/${wallet.id}`, { cookie: user.cookie })).statusCode).toBe(204);
    }
    await addClosedWallets(user.id, MAX_WALLETS_PER_USER - 1 - NETWORK_IDS.length);
    expect(await walletsEver(user.id)).toBe(MAX_WALLETS_PER_USER - 1);

    const responses = await Promise.all(
      NETWORK_IDS.map((network) => call(ctx.app, 'POST', '/api/wallets', { cookie: user.cookie, body: { network } })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
    for (const response of responses.filter((item) => item.statusCode === 409)) {
      expect(response.json().error).toEqual({ code: 'WALLET_LIMIT_REACHED', message: WALLET_MESSAGES.walletLimitReached });
    }
    expect(await walletsEver(user.id)).toBe(MAX_WALLETS_PER_USER);
    expect(await listWallets(ctx.app, user)).toHaveLength(1);
    await expectLedgerBalanced(ctx.database.db);
    await expectGrantsIncluded([user.id]);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('lets two of five concurrent connects of two users at 28 through, per user, and never more than the cap', async () => {
    const users = [await signUp(ctx.app), await signUp(ctx.app)];
    for (const user of users) {
      for (const wallet of await listWallets(ctx.app, user)) await call(ctx.app, 'DELETE', `/api/wallets/${wallet.id}`, { cookie: user.cookie });
      await addClosedWallets(user.id, MAX_WALLETS_PER_USER - 2 - NETWORK_IDS.length);
    }
    // Each user asks for every network, some twice: the second on a network is refused as already connected.
    const attempts = users.flatMap((user) => [...NETWORK_IDS, NETWORK_IDS[0]!, NETWORK_IDS[1]!].map((network) => ({ user, network })));
    const responses = await Promise.all(
      attempts.map(({ user, network }) => call(ctx.app, 'POST', '/api/wallets', { cookie: user.cookie, body: { network } })),
    );
    expect(responses.filter((response) => response.statusCode >= 500)).toEqual([]);
    for (const user of users) {
      const mine = responses.filter((_, i) => attempts[i]!.user === user);
      expect(mine.filter((response) => response.statusCode === 201)).toHaveLength(2);
      expect(mine.filter((response) => response.statusCode === 409)).toHaveLength(3);
      expect(await walletsEver(user.id)).toBe(MAX_WALLETS_PER_USER);
    }
    await expectLedgerBalanced(ctx.database.db);
    await expectGrantsIncluded(users.map((user) => user.id));
    await expectLedgerBalanced(ctx.database.db);
  });
});
