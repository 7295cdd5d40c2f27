import { randomInt } from 'node:crypto';
import { seededRandom, type SendResponse } from '@fincrypt/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { transactions } from '../db/schema.ts';
import { call, signUp, type TestUser } from '../test/auth-client.ts';
import { externalAddress, postSend, walletOn } from '../test/ledger-client.ts';
import { type TestChain } from '../test/local-chain.ts';
import { useTestApp } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';
import { indexStep } from './chain-indexer.ts';
import { outboxPass } from './chain-outbox.ts';
import { checkLedgerAndChains } from './ledger-vs-chain.ts';

const SEED = process.env.LEDGER_SEED ? Number(process.env.LEDGER_SEED) : randomInt(2 ** 31);
/** Rounds of operations; each round runs a few of them at once, then the node may mine and the leader may tick. */
const ROUNDS = 25;
const USERS = 4;

/**
 * Issue 49, item 8: many random operations on a real local chain, several at once — sends of the coin and of USDC
 * between users and to outside addresses, speed-ups of pending sends, deposits from a wallet outside the app — with
 * blocks mined and the leader ticking at random moments. Once nothing is pending the ledger holds and every address's
 * balances equal the chain's.
 */
describeEachDatabase(`random sends, speed-ups and outside deposits on a real local chain (LEDGER_SEED=${SEED})`, (kind) => {
  const ctx = useTestApp(kind);
  let testChain: TestChain;
  let database: Database;
  let app: FastifyInstance;
  beforeAll(() => void ({ app, database, testChain } = ctx));

  const leaderTick = async () => {
    await indexStep(database.db, testChain.chain, app.ledger.events);
    await outboxPass(database.db, testChain.chain, app.ledger.events, Date.now() + 60_000);
  };
  const pendingCount = async () =>
    (await database.db.select({ id: transactions.id }).from(transactions).where(and(eq(transactions.status, 'pending'), ne(transactions.type, 'receive')))).length;

  it('ends with the ledger balanced and equal to the chain', async () => {
    const random = seededRandom(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const users: { user: TestUser; walletId: string; address: string }[] = [];
    for (let index = 0; index < USERS; index++) {
      const user = await signUp(app);
      const wallet = await walletOn(app, user, 'eth_sepolia');
      users.push({ user, walletId: wallet.id, address: wallet.address });
    }
    await testChain.mine();
    await leaderTick();
    const outsider = '0x00000000000000000000000000000000000f00d5';
    await testChain.request('anvil_setBalance', [outsider, `0x${(10n ** 21n).toString(16)}`]);
    await testChain.request('anvil_impersonateAccount', [outsider]);
    let deposits: Promise<void> = Promise.resolve();
    const pendingSends: string[] = [];
    const done = { sends: 0, speedUps: 0, deposits: 0 };

    const operation = async () => {
      const roll = random();
      const from = pick(users);
      if (roll < 0.6) {
        const to = random() < 0.7 ? pick(users.filter((other) => other !== from)).address : externalAddress('eth_sepolia');
        const isToken = random() < 0.4;
        const amount = isToken ? `${1 + Math.floor(random() * 20)}` : `0.0${1 + Math.floor(random() * 9)}`;
        const response = await postSend(app, from.user, { walletId: from.walletId, to, amount, speed: pick(['slow', 'normal'] as const), ...(isToken ? { asset: 'usdc' } : {}) });
        if (response.statusCode === 201) {
          pendingSends.push((response.json() as SendResponse).transaction.hash);
          done.sends += 1;
        }
      } else if (roll < 0.8 && pendingSends.length > 0) {
        // The newest send: the likeliest to be still pending.
        const hash = pendingSends.pop()!;
        const rows = await database.db.select({ userId: transactions.userId }).from(transactions).where(and(eq(transactions.hash, hash), eq(transactions.type, 'send')));
        const sender = users.find((user) => user.user.id === rows[0]?.userId)!;
        const response = await call(app, 'POST', `/api/transactions/${hash}/speed-up`, { cookie: sender.user.cookie, body: { speed: 'fast' } });
        if (response.statusCode === 200) done.speedUps += 1;
      } else {
        // One outside wallet, one nonce at a time: its deposits go out in turn.
        const value = `0x${(10n ** 15n * BigInt(1 + Math.floor(random() * 9))).toString(16)}`;
        deposits = deposits.then(async () => {
          await testChain.request('eth_sendTransaction', [{ from: outsider, to: from.address, value }]);
          done.deposits += 1;
        });
        await deposits;
      }
    };

    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(Array.from({ length: 1 + Math.floor(random() * 4) }, operation));
      if (random() < 0.5) await testChain.mine(1 + Math.floor(random() * 3));
      if (random() < 0.6) await leaderTick();
    }
    for (let attempt = 0; attempt < 50 && (await pendingCount()) > 0; attempt++) {
      await testChain.mine();
      await leaderTick();
    }
    expect(await pendingCount()).toBe(0);
    expect(done.sends).toBeGreaterThan(0);
    const report = await checkLedgerAndChains(database.db, new Map([['eth_sepolia', testChain.chain]]));
    expect(report.breaches, JSON.stringify(done)).toEqual([]);
    expect(report.chains).toEqual([{ network: 'eth_sepolia', pending: 0, differences: [] }]);
  }, 120_000);
});
