import {
  MAX_CONFIRMATIONS,
  NETWORKS,
  type TransactionView,
  explorerTransactionSchema,
  feeFromReceipt,
  formatAmountTrimmed,
  matchesTransactionSearch,
  parseAmount,
  toChecksumAddress,
} from '@fincrypt/domain';
import { and, eq } from 'drizzle-orm';
import type { Hex } from 'viem';
import { expect, it } from 'vitest';
import { transactions } from '../../db/schema.ts';
import { call, signUp, type TestUser } from '../../test/auth-client.ts';
import { fundedUser, includePending } from '../../test/chain-steps.ts';
import { externalAddress, postSend, walletOn } from '../../test/ledger-client.ts';
import { useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';
import { trigramProbes } from './repo.ts';

describeEachDatabase('transactions read API', (kind) => {
  const ctx = useTestApp(kind);

  const list = async (user: TestUser, query = '') => {
    const response = await call(ctx.app, 'GET', `/api/transactions${query}`, { cookie: user.cookie });
    expect(response.statusCode, query).toBe(200);
    return response.json() as { items: TransactionView[]; nextCursor: string | null };
  };

  /**
   * Each has two Sepolia grants (ETH, USDC: `mint` rows a block has included); then Alice sends 4 ETH transfers outside
   * and 2 to Bob, and Bob sends 1 SOL back. The sends are pending: no block has included them.
   */
  async function history() {
    const alice = await signUp(ctx.app, { name: 'Alice' });
    const bob = await signUp(ctx.app, { name: 'Bob' });
    await includePending(ctx);
    const aliceEth = await walletOn(ctx.app, alice, 'eth_sepolia');
    const aliceSol = await walletOn(ctx.app, alice, 'solana_devnet');
    const bobEth = await walletOn(ctx.app, bob, 'eth_sepolia');
    const bobSol = await walletOn(ctx.app, bob, 'solana_devnet');
    const outside = externalAddress('eth_sepolia');
    const hashes: string[] = [];
    const send = async (user: TestUser, body: Parameters<typeof postSend>[2]) => {
      const response = await postSend(ctx.app, user, body);
      expect(response.statusCode).toBe(201);
      hashes.push(response.json().transaction.hash);
      return response.json().transaction as TransactionView;
    };
    for (let i = 1; i <= 4; i += 1) await send(alice, { walletId: aliceEth.id, to: outside, amount: `0.${i}` });
    for (let i = 1; i <= 2; i += 1) await send(alice, { walletId: aliceEth.id, to: bobEth.address, amount: `${i}` });
    const back = await send(bob, { walletId: bobSol.id, to: aliceSol.address, amount: '1', speed: 'fast' });
    return { alice, bob, outside, aliceEth, hashes, back };
  }

  it('lists your transactions newest first, in pages, and only yours', async () => {
    const { alice, bob, hashes } = await history();
    const all = await list(alice);
    expect(all.items).toHaveLength(9);
    expect(all.nextCursor).toBeNull();
    const times = all.items.map((item) => Date.parse(item.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.items[0]).toMatchObject({ type: 'receive', network: 'solana_devnet', hash: hashes[6] });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { items: TransactionView[]; nextCursor: string | null } = await list(alice, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.items.map((item) => item.id));

    const bobs = await list(bob);
    expect(bobs.items.map((item) => item.type).sort()).toEqual(['mint', 'mint', 'receive', 'receive', 'send']);
    for (const query of ['?limit=0', '?limit=101', '?cursor=bm90LWEtY3Vyc29y', '?type=sideways', '?status=lost', '?from=yesterday']) {
      expect((await call(ctx.app, 'GET', `/api/transactions${query}`, { cookie: alice.cookie })).statusCode, query).toBe(400);
    }
  });

  it('carries every fee exactly: fee is feeUnits in coin, every digit, in the list, the detail and the explorer', async () => {
    const { alice } = await history();
    // Once a block includes the sends, each keeps the fee its receipt charged.
    await includePending(ctx);
    const all = await list(alice);
    expect(all.items).toHaveLength(9);
    for (const item of all.items.filter((candidate) => candidate.network === 'eth_sepolia' && candidate.type === 'send')) {
      const receipt = await ctx.testChain.chain.client.getTransactionReceipt({ hash: item.hash as Hex });
      expect(BigInt(item.feeUnits)).toBe(receipt.gasUsed * receipt.effectiveGasPrice);
    }
    for (const item of all.items) {
      const decimals = NETWORKS[item.network].decimals;
      expect(BigInt(item.feeUnits)).toBe(feeFromReceipt(item.gasUsed, item.effectiveGasPrice, item.network));
      expect(parseAmount(item.fee, decimals)).toEqual({ ok: true, units: BigInt(item.feeUnits) });
      expect(item.fee).toBe(formatAmountTrimmed(BigInt(item.feeUnits), decimals));
      const detail = await call(ctx.app, 'GET', `/api/transactions/${item.hash}`, { cookie: alice.cookie });
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject({ fee: item.fee, feeUnits: item.feeUnits });
      const explorer = await call(ctx.app, 'GET', `/api/explorer/tx/${item.hash}`);
      expect(explorer.statusCode).toBe(200);
      expect(explorer.json()).toMatchObject({ fee: item.fee, feeUnits: item.feeUnits });
    }
  });

  it('filters by search (hash, from, to; any case), type, status and date range', async () => {
    const { alice, outside, aliceEth, hashes } = await history();
    const byHash = await list(alice, `?search=${hashes[2]!.slice(10, 30).toUpperCase()}`);
    expect(byHash.items.map((item) => item.hash)).toEqual([hashes[2]]);
    expect((await list(alice, `?search=${outside.toLowerCase()}`)).items).toHaveLength(4);
    // Alice's Sepolia address sent the six and received the two grants.
    expect((await list(alice, `?search=${aliceEth.address.slice(0, 12).toUpperCase()}`)).items).toHaveLength(8);
    expect((await list(alice, '?search=%25')).items).toHaveLength(0);
    expect((await list(alice, '?type=receive')).items.map((item) => item.network)).toEqual(['solana_devnet']);
    expect((await list(alice, '?type=mint')).items.map((item) => item.network)).toEqual(['eth_sepolia', 'eth_sepolia']);
    expect((await list(alice, '?type=send&status=pending')).items).toHaveLength(6);

    // Blocks settle the Sepolia rows; the simulated clock, the Solana one.
    await includePending(ctx, MAX_CONFIRMATIONS);
    await ctx.app.ledger.clock.tick(Date.now() + 10 * 60_000);
    expect((await list(alice, '?status=pending')).items).toHaveLength(0);
    expect((await list(alice, '?status=confirmed')).items).toHaveLength(9);
    const counts = await call(ctx.app, 'GET', '/api/transactions/counts', { cookie: alice.cookie });
    expect(counts.json()).toEqual({ pending: 0, confirmed: 9, failed: 0 });

    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await list(alice, `?from=${today}&to=${today}`)).items).toHaveLength(9);
    expect((await list(alice, `?to=${yesterday}`)).items).toHaveLength(0);
    const inAnHour = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
    expect((await list(alice, `?from=${inAnHour}`)).items).toHaveLength(0);
    const range = await call(ctx.app, 'GET', `/api/transactions?from=${today}&to=${yesterday}`, { cookie: alice.cookie });
    expect(range.statusCode).toBe(400);
    expect(range.json().error.message).toBe('The start date must not be after the end date');
  });

  it('counts by status exactly at every stage: pending, confirming, settled and failed, and filters the same rows', async () => {
    const { alice } = await history();
    const { db } = ctx.database;
    const direct = async () => {
      const rows = await db.select({ status: transactions.status }).from(transactions).where(eq(transactions.userId, alice.id));
      const counts = { pending: 0, confirmed: 0, failed: 0 };
      for (const row of rows) counts[row.status] += 1;
      return counts;
    };
    const expectCountsAsStored = async (expected: { pending: number; confirmed: number; failed: number }) => {
      expect(await direct()).toEqual(expected);
      const counts = await call(ctx.app, 'GET', '/api/transactions/counts', { cookie: alice.cookie });
      expect(counts.json()).toEqual(expected);
      for (const status of ['pending', 'confirmed', 'failed'] as const) {
        expect((await list(alice, `?status=${status}`)).items, status).toHaveLength(expected[status]);
      }
    };
    const sepoliaSends = async () =>
      db.select().from(transactions).where(and(eq(transactions.userId, alice.id), eq(transactions.network, 'eth_sepolia'), eq(transactions.type, 'send')));
    // The grants a block has included; the six sends and the Solana receive.
    await expectCountsAsStored({ pending: 7, confirmed: 2, failed: 0 });
    // In a block but not yet at 12 confirmations (unsettled), then settled: blocks move the Sepolia rows, the simulated
    // clock the Solana one.
    await includePending(ctx);
    await ctx.app.ledger.clock.tick(Date.now() + 30_000);
    expect((await sepoliaSends()).map((row) => [row.confirmations, row.isSettled])).toEqual(Array.from({ length: 6 }, () => [1, false]));
    await expectCountsAsStored({ pending: 0, confirmed: 9, failed: 0 });
    await includePending(ctx, MAX_CONFIRMATIONS - 1);
    await ctx.app.ledger.clock.tick(Date.now() + 10 * 60_000);
    expect((await sepoliaSends()).map((row) => [row.confirmations, row.isSettled])).toEqual(Array.from({ length: 6 }, () => [MAX_CONFIRMATIONS, true]));
    await expectCountsAsStored({ pending: 0, confirmed: 9, failed: 0 });
    // A send fails when the node drops it (chain-payments.test.ts); here only the counting is under test, so a row is
    // marked failed straight in the book.
    const [oldest] = (await sepoliaSends()).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    await db.update(transactions).set({ status: 'failed', confirmations: 0, blockNumber: null, nextConfirmationAt: null }).where(eq(transactions.id, oldest!.id));
    await expectCountsAsStored({ pending: 0, confirmed: 8, failed: 1 });
  });

  it('searches EVM hex in any case and Solana base58 only as typed, short strings included, exactly as the shared rule says', async () => {
    const { alice, bob, back } = await history();
    const all = (await list(alice)).items;
    const solanaReceive = all.find((item) => item.network === 'solana_devnet')!;
    const swapCase = (text: string) => [...text].map((char) => (char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase())).join('');
    const withLetters = (text: string) => {
      for (let start = 2; start + 10 <= text.length; start += 1) {
        const slice = text.slice(start, start + 10);
        if (swapCase(slice) !== slice) return slice;
      }
      throw new Error(`no letters in ${text}`);
    };
    const hashPart = withLetters(back.hash);
    const fromPart = withLetters(solanaReceive.fromAddress);
    // Base58: as typed it matches, in the other case it does not (another text, another key).
    for (const part of [hashPart, fromPart]) {
      expect((await list(alice, `?search=${part}`)).items.map((item) => item.id), part).toEqual([solanaReceive.id]);
      expect((await list(alice, `?search=${swapCase(part)}`)).items, swapCase(part)).toHaveLength(0);
    }
    expect((await list(bob, `?search=${hashPart}`)).items.map((item) => item.hash)).toEqual([back.hash]);

    // Every kind of search (one and two characters, which the trigram index cannot serve, three and more, which it
    // does; either case; characters that are LIKE's own) lists exactly what the shared rule says, newest first.
    const evm = all.find((item) => item.network === 'eth_sepolia')!;
    const searches = [
      '0', 'x', 'X', 'a', 'A', 'zz', '0x', '0X', '1', 'ff', '%', '_', '\\', '%_', ' ',
      evm.hash.slice(20, 23), evm.hash.slice(20, 23).toUpperCase(), evm.toAddress.slice(-5), swapCase(evm.fromAddress.slice(2, 9)),
      solanaReceive.toAddress.slice(3, 6), swapCase(solanaReceive.toAddress.slice(3, 6)), solanaReceive.hash.slice(-4),
      `${evm.hash.slice(30, 34)} ${evm.fromAddress.slice(2, 6)}`, evm.hash, evm.hash.toUpperCase().replace('0X', '0x'),
    ];
    for (const search of searches) {
      const expected = all.filter((item) => matchesTransactionSearch(item, search.trim())).map((item) => item.id);
      const found = (await list(alice, `?search=${encodeURIComponent(search)}`)).items.map((item) => item.id);
      expect(found, JSON.stringify(search)).toEqual(search.trim() ? expected : all.map((item) => item.id));
    }
  });

  it('lists a row the trigram probes pick out only if it holds the whole search', async () => {
    const { user: alice, walletId } = await fundedUser(ctx);
    const search = '8a78a76a67be';
    // The decoy holds each probe (8a7, a76, 7be) but never the search; the payee holds the search.
    const decoy = toChecksumAddress(`0x${'8a7'}${'1'.repeat(8)}${'a76'}${'1'.repeat(8)}${'7be'}${'1'.repeat(15)}`);
    const payee = toChecksumAddress(`0x${'1'.repeat(10)}${search}${'1'.repeat(18)}`);
    expect(trigramProbes(search).every((probe) => decoy.toLowerCase().includes(probe))).toBe(true);
    for (const to of [decoy, payee, decoy]) {
      expect((await postSend(ctx.app, alice, { walletId, to, amount: '0.001', speed: 'fast' })).statusCode).toBe(201);
    }
    for (const typed of [search, search.toUpperCase(), search.slice(1, 9)]) {
      const found = (await list(alice, `?search=${typed}`)).items;
      expect(found.map((item) => item.toAddress), typed).toEqual([payee]);
    }
  });

  it('filters by network, with the other filters, and refuses an unknown network with a 400', async () => {
    const { alice, bob } = await history();
    const networksOf = async (user: TestUser, query: string) => (await list(user, query)).items.map((item) => item.network);
    // Six sends and two grants on Sepolia; Amoy runs simulated in this app, where grants are not in a history.
    expect(await networksOf(alice, '?network=eth_sepolia')).toEqual(Array.from({ length: 8 }, () => 'eth_sepolia'));
    expect(await networksOf(alice, '?network=polygon_amoy')).toEqual([]);
    expect(await networksOf(alice, '?network=solana_devnet&type=receive')).toEqual(['solana_devnet']);
    expect(await networksOf(alice, '?network=solana_devnet&type=send')).toEqual([]);
    expect(await networksOf(bob, '?network=eth_sepolia&type=receive')).toEqual(['eth_sepolia', 'eth_sepolia']);
    expect(await networksOf(bob, '?network=solana_devnet&type=receive')).toEqual([]);
    const paged = await list(alice, '?network=eth_sepolia&type=send&limit=4');
    expect(paged.items).toHaveLength(4);
    expect(await networksOf(alice, `?network=eth_sepolia&type=send&limit=4&cursor=${paged.nextCursor}`)).toEqual(['eth_sepolia', 'eth_sepolia']);
    for (const network of ['bitcoin', 'ETH_SEPOLIA', '']) {
      const refused = await call(ctx.app, 'GET', `/api/transactions?network=${network}`, { cookie: alice.cookie });
      expect(refused.statusCode, network).toBe(400);
      expect(refused.json().error.message, network).toEqual(expect.any(String));
    }
  });

  it("shows a transaction by hash to the users it belongs to, each their side, and 404 to anyone else", async () => {
    const { alice, bob, hashes } = await history();
    const stranger = await signUp(ctx.app);
    const internal = hashes[4]!;
    const asSender = await call(ctx.app, 'GET', `/api/transactions/${internal}`, { cookie: alice.cookie });
    const asRecipient = await call(ctx.app, 'GET', `/api/transactions/${internal.toUpperCase().replace('0X', '0x')}`, { cookie: bob.cookie });
    expect(asSender.json()).toMatchObject({ type: 'send', hash: internal, status: 'pending' });
    expect(asRecipient.json()).toMatchObject({ type: 'receive', hash: internal, status: 'pending' });
    // Both sides follow the block that includes it.
    await includePending(ctx);
    const { blockNumber } = await ctx.testChain.chain.client.getTransactionReceipt({ hash: internal as Hex });
    for (const viewer of [alice, bob]) {
      const included = await call(ctx.app, 'GET', `/api/transactions/${internal}`, { cookie: viewer.cookie });
      expect(included.json()).toMatchObject({ status: 'confirmed', confirmations: 1, blockNumber: Number(blockNumber) });
    }
    expect((await call(ctx.app, 'GET', `/api/transactions/${internal}`, { cookie: stranger.cookie })).statusCode).toBe(404);
    const missing = await call(ctx.app, 'GET', `/api/transactions/0x${'ab'.repeat(32)}`, { cookie: alice.cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Transaction Not Found');
    expect((await call(ctx.app, 'GET', '/api/transactions/not-a-hash', { cookie: alice.cookie })).statusCode).toBe(404);
  });

  it('opens any transaction in the public explorer with chain data only', async () => {
    const { hashes, back } = await history();
    for (const hash of [hashes[0]!, hashes[5]!, back.hash]) {
      const response = await call(ctx.app, 'GET', `/api/explorer/tx/${hash}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      // Every field the schema always carries (not the token contract, which only token transfers have, nor what only a
      // replaced transaction has), and none it does not name.
      const always = Object.entries(explorerTransactionSchema.shape).filter(([, field]) => !field.safeParse(undefined).success);
      expect(Object.keys(body).filter((key) => always.some(([name]) => name === key)).sort()).toEqual(always.map(([name]) => name).sort());
      expect(Object.keys(body).every((key) => key in explorerTransactionSchema.shape)).toBe(true);
      expect(body.hash).toBe(hash);
      expect(JSON.stringify(body)).not.toMatch(/userId|walletId|email|@example\.com/);
    }
    const sol = (await call(ctx.app, 'GET', `/api/explorer/tx/${back.hash}`)).json();
    expect(sol).toMatchObject({ network: 'solana_devnet', symbol: 'SOL', value: '1', status: 'pending', confirmations: 0, gasUsed: '1000' });
    expect((await call(ctx.app, 'GET', `/api/explorer/tx/0x${'cd'.repeat(32)}`)).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/explorer/tx/${'z'.repeat(95)}`)).statusCode).toBe(404);
    // Fastify refuses path parameters over 100 characters before any handler runs.
    expect((await call(ctx.app, 'GET', `/api/explorer/tx/${'z'.repeat(200)}`)).statusCode).toBe(414);
  });

  it('documents every ledger route in the OpenAPI page', async () => {
    const spec = (await call(ctx.app, 'GET', '/api/docs/json')).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/wallets',
        '/api/wallets/{id}',
        '/api/fees',
        '/api/transactions',
        '/api/transactions/counts',
        '/api/transactions/{hash}',
        '/api/explorer/tx/{hash}',
        '/api/alerts',
        '/api/risk',
      ]),
    );
    const send = spec.paths['/api/transactions'].post;
    expect(send.parameters.map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`)).toContain('header:idempotency-key');
  });
});
