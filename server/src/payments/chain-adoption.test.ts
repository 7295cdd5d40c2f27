import type { SendResponse } from '@fincrypt/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { wallets } from '../db/schema.ts';
import { createEventBus } from '../lib/event-bus.ts';
import { signUp } from '../test/auth-client.ts';
import { postSend, walletOn } from '../test/ledger-client.ts';
import { indexAll, startTestChain, type TestChain } from '../test/local-chain.ts';
import { testConfig } from '../test/test-app.ts';
import { createTestDatabase, describeEachDatabase } from '../test/test-database.ts';
import { adoptBookOnLocalChain } from './chain-adoption.ts';
import { syncTreasuryNonce } from './chain-grants.ts';
import { compareWithChain } from './ledger-vs-chain.ts';

describeEachDatabase('an install that ran on simulated chains meets its local node', (kind) => {
  let testChain: TestChain;
  let database: Database;
  let simulated: FastifyInstance;

  beforeAll(async () => {
    testChain = await startTestChain('polygon_amoy');
    database = await createTestDatabase(kind);
    simulated = await buildApp({ logger: false, config: testConfig(), database });
  }, 60_000);
  afterAll(async () => {
    await simulated?.close();
    await database?.close();
    await testChain?.stop();
  });

  it('settles the simulated history and writes the book into the node: balances, USDC and nonces agree, and the next send is included', async () => {
    const alice = await signUp(simulated);
    const bob = await signUp(simulated);
    const from = await walletOn(simulated, alice, 'polygon_amoy');
    const to = await walletOn(simulated, bob, 'polygon_amoy');
    for (const [asset, amount] of [['matic', '2.5'], ['usdc', '40']] as const) {
      expect((await postSend(simulated, alice, { walletId: from.id, asset, to: to.address, amount })).statusCode).toBe(201);
    }
    await simulated.close();

    const adopted = await adoptBookOnLocalChain(database.db, testChain.chain, createEventBus());
    expect(adopted.addresses).toBe(2);
    await syncTreasuryNonce(database.db, testChain.chain);
    const comparison = await compareWithChain(database.db, testChain.chain);
    expect(comparison).toMatchObject({ pending: 0, differences: [] });
    const [sender] = await database.db.select({ nextNonce: wallets.nextNonce }).from(wallets).where(eq(wallets.id, from.id));
    expect(await testChain.chain.client.getTransactionCount({ address: from.address as `0x${string}` })).toBe(sender!.nextNonce);
    // Met once: a second start adopts nothing.
    expect((await adoptBookOnLocalChain(database.db, testChain.chain, createEventBus())).addresses).toBe(0);

    const onChain = await buildApp({ logger: false, config: testConfig(), database, chains: new Map([['polygon_amoy', testChain.chain]]) });
    try {
      const response = await postSend(onChain, alice, { walletId: from.id, to: to.address, amount: '1' });
      const { hash } = (response.json() as SendResponse).transaction;
      for (let attempt = 0; attempt < 100 && (await testChain.chain.client.getTransaction({ hash: hash as `0x${string}` }).catch(() => null)) === null; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await testChain.mine();
      await indexAll(database.db, testChain.chain, onChain.ledger.events);
      expect(await compareWithChain(database.db, testChain.chain)).toMatchObject({ pending: 0, differences: [] });
    } finally {
      await onChain.close();
    }
  });
});
