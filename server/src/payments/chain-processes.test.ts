import type { SendResponse } from '@fincrypt/domain';
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { blocks, transactions } from '../db/schema.ts';
import { signUp } from '../test/auth-client.ts';
import { postSend, walletOn } from '../test/ledger-client.ts';
import { startTestChain, type TestChain } from '../test/local-chain.ts';
import { testConfig } from '../test/test-app.ts';
import { createTestDatabase, describeOnPostgres } from '../test/test-database.ts';
import { syncTreasuryNonce } from './chain-grants.ts';
import { type ClockRunner, startClockRunner } from './clock-runner.ts';
import { checkLedgerAndChains } from './ledger-vs-chain.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Issue 49, item 11: two server processes on one PostgreSQL share the chain's node, and only the clock's leader
 * indexes it; any process sends. Each "process" here is an app with its own pool and its own clock runner.
 */
describeOnPostgres('two server processes on one PostgreSQL and one local node', () => {
  let testChain: TestChain;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  const runners: ClockRunner[] = [];

  beforeAll(async () => {
    testChain = await startTestChain('polygon_amoy', { blockTimeSeconds: 0.25 });
    const first = await createTestDatabase('postgres');
    const url = first.pool!.options.connectionString!;
    databases.push(first, await openDatabase({ kind: 'postgres', url }, { shouldMigrate: false }));
    await syncTreasuryNonce(first.db, testChain.chain);
    const chains = new Map([['polygon_amoy' as const, testChain.chain]]);
    for (const database of databases) {
      const app = await buildApp({ logger: false, config: testConfig(), database, chains });
      apps.push(app);
      runners.push(startClockRunner({ database, events: app.ledger.events, timeScale: 1, tickIntervalMs: 50, leaderRetryMs: 50, log: quiet, chains }));
    }
  }, 60_000);
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    for (const app of apps) await app.close();
    for (const database of databases.reverse()) await database.close();
    await testChain?.stop();
  });

  async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('sends through either process, indexes once, and ends with the book equal to the chain', async () => {
    const [db] = databases.map((database) => database.db);
    const users = [];
    for (const app of apps) {
      const user = await signUp(app);
      users.push({ app, user, wallet: await walletOn(app, user, 'polygon_amoy') });
    }
    const nothingPending = async () =>
      (await db!.select({ id: transactions.id }).from(transactions).where(and(eq(transactions.network, 'polygon_amoy'), eq(transactions.status, 'pending'), ne(transactions.type, 'receive')))).length === 0;
    await until(nothingPending, 30_000, 'the grants in a block');

    const hashes: string[] = [];
    for (let round = 0; round < 4; round++) {
      for (const [index, { app, user, wallet }] of users.entries()) {
        const to = users[(index + 1) % users.length]!.wallet.address;
        const response = await postSend(app, user, { walletId: wallet.id, to, amount: '0.25', speed: 'fast' });
        expect(response.statusCode).toBe(201);
        hashes.push((response.json() as SendResponse).transaction.hash);
      }
    }
    await until(nothingPending, 30_000, 'every send in a block');

    expect(runners.filter((runner) => runner.isLeader())).toHaveLength(1);
    const sends = await db!.select().from(transactions).where(and(eq(transactions.network, 'polygon_amoy'), eq(transactions.type, 'send')));
    expect(sends.map((row) => row.hash).sort()).toEqual([...hashes].sort());
    expect(sends.every((row) => row.status === 'confirmed')).toBe(true);
    // One indexer: every block once, in order, each with the node's hash.
    const indexed = await db!.select({ number: blocks.number, hash: blocks.hash }).from(blocks).where(and(eq(blocks.network, 'polygon_amoy'), isNotNull(blocks.hash))).orderBy(asc(blocks.number));
    expect(indexed.map((block) => block.number)).toEqual(indexed.map((_, index) => indexed[0]!.number + index));
    const head = await testChain.chain.client.getBlock({ blockNumber: BigInt(indexed.at(-1)!.number) });
    expect(indexed.at(-1)!.hash).toBe(head.hash);
    const report = await checkLedgerAndChains(db!, new Map([['polygon_amoy', testChain.chain]]));
    expect(report.breaches).toEqual([]);
    expect(report.chains).toEqual([{ network: 'polygon_amoy', pending: 0, differences: [] }]);
  }, 90_000);
});
