import { CONFIRMATION_INTERVAL_MS, MAX_CONFIRMATIONS, type SendResponse, type TransactionView } from '@fincrypt/domain';
import { count, inArray, sql } from 'drizzle-orm';
import type { Hex } from 'viem';
import { expect, it } from 'vitest';
import { transactionSearchTerms, transactions } from '../../db/schema.ts';
import { call, signUp, type TestUser } from '../../test/auth-client.ts';
import { fundedUser, includePending } from '../../test/chain-steps.ts';
import { postSend, walletOn } from '../../test/ledger-client.ts';
import { useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';

// The search's side table (schema.ts transactionSearchTerms) is written by triggers on `transactions` alone:
// these tests hold it to following every transaction, a speed-up's new hash, and nothing of the index's or the
// clock's rewrites. Ethereum Sepolia runs on a local Anvil, as `npm start` runs it; Solana Devnet is simulated there too.
describeEachDatabase('transaction search terms', (kind) => {
  const ctx = useTestApp(kind);
  const db = () => ctx.database.db;

  const searchIds = async (user: TestUser, search: string) => {
    const response = await call(ctx.app, 'GET', `/api/transactions?search=${encodeURIComponent(search)}`, { cookie: user.cookie });
    expect(response.statusCode, search).toBe(200);
    return (response.json() as { items: TransactionView[] }).items.map((item) => item.id);
  };
  const termsOf = (ids: string[]) =>
    db()
      .select({ id: transactionSearchTerms.transactionId, userId: transactionSearchTerms.userId, terms: transactionSearchTerms.terms, version: sql<string>`xmin::text` })
      .from(transactionSearchTerms)
      .where(inArray(transactionSearchTerms.transactionId, ids))
      .orderBy(transactionSearchTerms.transactionId);
  const expectOneRowPerTransaction = async () => {
    const [[side], [main]] = await Promise.all([
      db().select({ n: count() }).from(transactionSearchTerms),
      db().select({ n: count() }).from(transactions),
    ]);
    expect(side!.n).toBe(main!.n);
  };

  /**
   * A pending slow internal transfer of 1.5 coins: the sender's send row and the recipient's receive row. On Sepolia
   * (the local Anvil) the sender's grants are included first so that they can spend.
   */
  async function pendingTransfer(network: 'eth_sepolia' | 'solana_devnet') {
    const sender = network === 'eth_sepolia' ? (await fundedUser(ctx)).user : await signUp(ctx.app);
    const recipient = await signUp(ctx.app);
    const from = await walletOn(ctx.app, sender, network);
    const to = await walletOn(ctx.app, recipient, network);
    const response = await postSend(ctx.app, sender, { walletId: from.id, to: to.address, amount: '1.5', speed: 'slow' });
    expect(response.statusCode).toBe(201);
    const sent = (response.json() as SendResponse).transaction;
    const rows = await db().select().from(transactions).where(inArray(transactions.hash, [sent.hash]));
    expect(rows).toHaveLength(2);
    return { sender, recipient, from, to, sent, rows };
  }

  it('holds each transaction’s hash and addresses from its insert, and follows a speed-up to the new hash the node includes', async () => {
    const { sender, recipient, from, to, sent, rows } = await pendingTransfer('eth_sepolia');
    const ids = rows.map((row) => row.id);
    const sendId = rows.find((row) => row.type === 'send')!.id;
    const receiveId = rows.find((row) => row.type === 'receive')!.id;
    expect((await termsOf(ids)).map(({ id, userId, terms }) => ({ id, userId, terms }))).toEqual(
      rows
        .map((row) => ({ id: row.id, userId: row.userId, terms: `${sent.hash} ${from.address} ${to.address}` }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
    const oldFragment = sent.hash.slice(10, 30);
    expect(await searchIds(sender, oldFragment)).toEqual([sendId]);
    expect(await searchIds(recipient, oldFragment.toUpperCase())).toEqual([receiveId]);

    const response = await call(ctx.app, 'POST', `/api/transactions/${sent.hash}/speed-up`, { cookie: sender.cookie, body: { speed: 'fast' } });
    expect(response.statusCode).toBe(200);
    const newHash: string = response.json().transaction.hash;
    expect(newHash).not.toBe(sent.hash);

    expect((await termsOf(ids)).map((row) => row.terms)).toEqual([
      `${newHash} ${from.address} ${to.address}`,
      `${newHash} ${from.address} ${to.address}`,
    ]);
    const newFragment = newHash.slice(10, 30);
    expect(await searchIds(sender, newFragment)).toEqual([sendId]);
    expect(await searchIds(recipient, newFragment)).toEqual([receiveId]);
    // The list shows the transaction under its current hash: the replaced one no longer finds it.
    expect(await searchIds(sender, oldFragment)).toEqual([]);
    expect(await searchIds(recipient, oldFragment)).toEqual([]);
    // The hash the search holds is the one the node included; the replaced transaction never made a block.
    await includePending(ctx);
    const { client } = ctx.testChain.chain;
    expect((await client.getTransactionReceipt({ hash: newHash as Hex })).status).toBe('success');
    await expect(client.getTransactionReceipt({ hash: sent.hash as Hex })).rejects.toThrow();
    expect(await searchIds(sender, newFragment)).toEqual([sendId]);
    await expectOneRowPerTransaction();
  });

  // Two writers move a payment's rows after it is sent: the chain index on a node, and the simulated chain clock, which
  // drives Solana Devnet under `npm start` too. Neither may touch the side table.
  const writers = [
    { writer: 'the chain index', network: 'eth_sepolia' as const, settle: () => includePending(ctx, MAX_CONFIRMATIONS) },
    {
      writer: 'the simulated chain clock',
      network: 'solana_devnet' as const,
      settle: async (includeAtMs: number) => {
        for (let confirmation = 1; confirmation <= MAX_CONFIRMATIONS; confirmation += 1) {
          await ctx.app.ledger.clock.tick(includeAtMs + (confirmation - 1) * CONFIRMATION_INTERVAL_MS.slow);
        }
      },
    },
  ];

  for (const { writer, network, settle } of writers) {
    it(`is never written by ${writer}: inclusion and every confirmation leave its rows as they were`, async () => {
      const { sender, sent, rows } = await pendingTransfer(network);
      const ids = rows.map((row) => row.id);
      const before = await termsOf(ids);
      expect(before).toHaveLength(2);

      await settle(rows[0]!.includeAt.getTime());
      const after = await db().select().from(transactions).where(inArray(transactions.id, ids));
      expect(after.map((row) => [row.status, row.confirmations])).toEqual([
        ['confirmed', MAX_CONFIRMATIONS],
        ['confirmed', MAX_CONFIRMATIONS],
      ]);
      // The same row versions (xmin): no insert, update or delete reached the side table.
      expect(await termsOf(ids)).toEqual(before);
      expect(await searchIds(sender, sent.hash.slice(2, 40))).toEqual([rows.find((row) => row.type === 'send')!.id]);
      await expectOneRowPerTransaction();
    });
  }
});
