import { randomInt } from 'node:crypto';
import { type SendResponse } from '@fincrypt/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Address, Hex } from 'viem';
import { broadcastRawTransaction } from '../chain/evm-broadcast.ts';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { transactions, wallets } from '../db/schema.ts';
import { indexStep } from '../payments/chain-indexer.ts';
import { outboxPass } from '../payments/chain-outbox.ts';
import { checkLedgerAndChains } from '../payments/ledger-vs-chain.ts';
import { signUp, type TestUser } from '../test/auth-client.ts';
import { postSend, walletOn } from '../test/ledger-client.ts';
import { type TestChain } from '../test/local-chain.ts';
import { useTestApp } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';

/** Payments in all, from this many users at once; the node is killed three times while they go out. */
const USERS = 4;
const SENDS_PER_USER = 8;
/** After how many payments the node is killed: early, in the middle, and past two thirds. */
const KILL_AFTER_SENDS = new Set([5, 13, Math.floor((USERS * SENDS_PER_USER * 2) / 3)]);
const SEED = process.env.FAULTS_SEED ? Number(process.env.FAULTS_SEED) : randomInt(2 ** 31);

/**
 * Issue 49, item 11: kill -9 of the local node mid-block, under concurrent sends. The node comes back from its state
 * file (written every second), so it forgets the last blocks and its pool; the indexer rolls the book back and the
 * outbox hands the transactions over again. In the end every payment is in a block once: none lost, none doubled,
 * none stuck, the nonces exact, and the book equal to the chain.
 */
describeEachDatabase(`a local node killed mid-block under concurrent sends (seed ${SEED})`, (kind) => {
  const ctx = useTestApp(kind, { chain: { network: 'polygon_amoy', blockTimeSeconds: 0.25 } });
  let testChain: TestChain;
  let database: Database;
  let app: FastifyInstance;
  beforeAll(() => void ({ app, database, testChain } = ctx));

  /** What the kills did, as the leader saw it: blocks rolled back, transactions handed to the node again; its last failure. */
  const felt = { rollBacks: 0, handedAgain: 0, lastFailure: '' };
  const noteFailure = (error: unknown) => void (felt.lastFailure = error instanceof Error ? error.message : String(error));

  /** One tick of the leader's work on the network; a node that is down fails it, and the next tick tries again. */
  async function leaderTick(): Promise<void> {
    const step = await indexStep(database.db, testChain.chain, app.ledger.events).catch(noteFailure);
    if (step?.rolledBackFrom !== undefined) felt.rollBacks += 1;
    const pass = await outboxPass(database.db, testChain.chain, app.ledger.events, Date.now() + 60_000).catch(noteFailure);
    felt.handedAgain += pass?.broadcast ?? 0;
  }

  /** The leader's ticks until nothing of the network is pending (or the time runs out): how many are left. */
  async function settle(timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await leaderTick();
      const pending = await database.db
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.network, 'polygon_amoy'), eq(transactions.status, 'pending'), ne(transactions.type, 'receive')));
      if (pending.length === 0 || Date.now() > deadline) return pending.length;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** For a failure's message: the leader's last failure, the node's head, and what it answers to the oldest pending row. */
  async function whyStillPending(): Promise<string> {
    const [oldest] = await database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.network, 'polygon_amoy'), eq(transactions.status, 'pending'), ne(transactions.type, 'receive')))
      .orderBy(transactions.createdAt)
      .limit(1);
    const head = await testChain.chain.client.getBlockNumber({ cacheTime: 0 }).catch((error: unknown) => String(error));
    const answer = oldest?.rawTransaction ? await broadcastRawTransaction(testChain.chain.client, oldest.rawTransaction as Hex) : undefined;
    return `still pending; the leader's last failure: ${felt.lastFailure || 'none'}; node head ${head}; the oldest pending (${oldest?.type} ${oldest?.hash}) handed again: ${JSON.stringify(answer)}`;
  }

  /** Kills the node; one still coming back from the last kill is waited for, so that each kill lands on a running node. */
  let killedPid: number | undefined;
  async function killNode(): Promise<void> {
    const deadline = Date.now() + 15_000;
    const isBack = async () => testChain.node.pid() !== killedPid && (await testChain.chain.client.getBlockNumber({ cacheTime: 0 }).then(() => true, () => false));
    while (!(await isBack())) {
      if (Date.now() > deadline) throw new Error('the node did not come back from the last kill');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    killedPid = testChain.node.pid();
    process.kill(killedPid!, 'SIGKILL');
  }

  it('ends with every payment in a block once, the nonces exact, and the book equal to the chain', async () => {
    const users: { user: TestUser; walletId: string; address: string }[] = [];
    for (let index = 0; index < USERS; index++) {
      const user = await signUp(app);
      const wallet = await walletOn(app, user, 'polygon_amoy');
      users.push({ user, walletId: wallet.id, address: wallet.address });
    }
    expect(await settle(30_000)).toBe(0);

    // The leader works through the payments as they go out, as the clock runner does.
    let isSending = true;
    const leader = (async () => {
      while (isSending) {
        await leaderTick();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    let sent = 0;
    const answers = await Promise.all(
      users.map(async (from, index) => {
        const mine: SendResponse[] = [];
        for (let step = 0; step < SENDS_PER_USER; step++) {
          const to = users[(index + 1 + ((SEED + step) % (USERS - 1))) % USERS]!;
          const response = await postSend(app, from.user, { walletId: from.walletId, to: to.address, amount: '0.5', speed: 'fast' });
          expect(response.statusCode).toBe(201);
          mine.push(response.json());
          sent += 1;
          if (KILL_AFTER_SENDS.has(sent)) await killNode();
          await new Promise((resolve) => setTimeout(resolve, 30 + ((SEED + step) % 50)));
        }
        return mine;
      }),
    );
    isSending = false;
    await leader;
    const left = await settle(60_000);
    expect(left, left > 0 ? await whyStillPending() : '').toBe(0);
    // The kills were felt: the node forgot blocks the indexer had read, or transactions it had accepted.
    expect(felt.rollBacks + felt.handedAgain).toBeGreaterThan(0);

    const sends = answers.flat();
    const rows = await database.db.select().from(transactions).where(and(eq(transactions.network, 'polygon_amoy'), eq(transactions.type, 'send')));
    expect(rows).toHaveLength(sends.length);
    for (const row of rows) {
      expect(row.status).toBe('confirmed');
      const receipt = await testChain.chain.client.getTransactionReceipt({ hash: row.hash as Address });
      expect(receipt.blockNumber).toBe(BigInt(row.blockNumber!));
    }
    for (const { walletId, address } of users) {
      const [wallet] = await database.db.select({ nextNonce: wallets.nextNonce }).from(wallets).where(eq(wallets.id, walletId));
      expect(await testChain.chain.client.getTransactionCount({ address: address as Address })).toBe(wallet!.nextNonce);
    }
    const report = await checkLedgerAndChains(database.db, new Map([['polygon_amoy', testChain.chain]]));
    expect(report.breaches).toEqual([]);
    expect(report.chains).toEqual([{ network: 'polygon_amoy', pending: 0, differences: [] }]);
  }, 180_000);
});
