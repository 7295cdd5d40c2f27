import { MAX_CONFIRMATIONS, type SendResponse } from '@fincrypt/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { solanaChainFrom } from '../chain/chains.ts';
import type { Database } from '../db/database.ts';
import { solanaRuntime, transactions } from '../db/schema.ts';
import { signUp, type TestUser } from '../test/auth-client.ts';
import { balanceOf, claimFaucet, externalAddress, postSend, walletOn } from '../test/ledger-client.ts';
import { useTestApp } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';
import { checkLedgerAndChains } from './ledger-vs-chain.ts';
import { createSolanaExecutor, type SolanaExecutor } from './solana-executor.ts';
import { prepareSolanaRuntime, restoreSolanaRuntime } from './solana-state.ts';

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;
const solana = solanaChainFrom('solana_devnet', 'a test treasury secret of at least 32 characters');
const chains = new Map([[solana.network, solana]]);

/**
 * Solana Devnet on the Solana runtime through the API (issue 50): grants, faucet claims and sends are executed by the
 * leader's runtime, which checks signature, blockhash and balances, and the book follows what it did. The test drives
 * the leader's executor itself; an executor at 1,000 times chain time passes 150 slots a step, so each of its steps
 * after an execution rotates the blockhash and saves a snapshot.
 */
describeEachDatabase('payments on the Solana runtime', (kind) => {
  const ctx = useTestApp(kind, { chain: 'simulated', app: { chains } });
  let app: FastifyInstance;
  let database: Database;
  let executor: SolanaExecutor;
  beforeAll(async () => {
    ({ app, database } = ctx);
    await prepareSolanaRuntime(database.db, solana, app.ledger.events);
    executor = createSolanaExecutor({ chain: solana, events: app.ledger.events, timeScale: 1 });
  });

  const step = () => executor.step(database.db);
  const rowsOf = (hash: string) => database.db.select().from(transactions).where(eq(transactions.hash, hash));

  async function expectBookEqualsRuntime(): Promise<void> {
    const report = await checkLedgerAndChains(database.db, chains);
    expect(report.breaches).toEqual([]);
    expect(report.chains).toEqual([{ network: 'solana_devnet', pending: 0, differences: [] }]);
  }

  async function userWithFunds(): Promise<TestUser> {
    const user = await signUp(app);
    await step();
    return user;
  }

  it('executes the opening grants on the runtime: 100 SOL sent and 1,000 USDC minted into a new token account', async () => {
    const user = await signUp(app);
    const pending = await walletOn(app, user, 'solana_devnet');
    expect(pending.balances.map(({ asset, balanceUnits, incomingUnits }) => [asset, balanceUnits, incomingUnits])).toEqual([
      ['SOL', '0', String(100n * SOL)],
      ['USDC', '0', String(1_000n * USDC)],
    ]);
    expect((await step()).executed).toBeGreaterThanOrEqual(2);
    const wallet = await walletOn(app, user, 'solana_devnet');
    expect([balanceOf(wallet, 'SOL'), balanceOf(wallet, 'USDC')]).toEqual([100n * SOL, 1_000n * USDC]);
    const { runtime } = await restoreSolanaRuntime(database.db, 'solana_devnet');
    expect(runtime.lamportsOf(wallet.address)).toBe(100n * SOL);
    expect(await runtime.tokenUnitsOf(wallet.address, wallet.balances.find((entry) => entry.asset === 'USDC')!.contractAddress!)).toBe(1_000n * USDC);
    await expectBookEqualsRuntime();
  });

  it('pays another wallet in SOL and USDC: the runtime charges 5,000 lamports and the priority fee, the book the same', async () => {
    const [alice, bob] = [await userWithFunds(), await userWithFunds()];
    const [from, to] = [await walletOn(app, alice, 'solana_devnet'), await walletOn(app, bob, 'solana_devnet')];
    const sol = await postSend(app, alice, { walletId: from.id, to: to.address, amount: '2.5', speed: 'normal' });
    const usdc = await postSend(app, alice, { walletId: from.id, to: to.address, amount: '12.5', speed: 'fast', asset: 'USDC' });
    expect([sol.statusCode, usdc.statusCode]).toEqual([201, 201]);
    const [solSend, usdcSend] = [sol.json<SendResponse>().transaction, usdc.json<SendResponse>().transaction];
    await step();
    for (const send of [solSend, usdcSend]) {
      const rows = await rowsOf(send.hash);
      expect(rows.map((row) => [row.type, row.status, row.isBooked])).toEqual(expect.arrayContaining([['send', 'confirmed', true], ['receive', 'confirmed', true]]));
      expect(rows.find((row) => row.type === 'send')!.fee).toBe(BigInt(send.feeUnits));
    }
    expect(BigInt(solSend.feeUnits)).toBeGreaterThan(5_000n);
    const [after, received] = [await walletOn(app, alice, 'solana_devnet'), await walletOn(app, bob, 'solana_devnet')];
    expect(balanceOf(after, 'SOL')).toBe(100n * SOL - 2_500_000_000n - BigInt(solSend.feeUnits) - BigInt(usdcSend.feeUnits));
    expect([balanceOf(received, 'SOL'), balanceOf(received, 'USDC')]).toEqual([100n * SOL + 2_500_000_000n, 1_012_500_000n]);
    await expectBookEqualsRuntime();
  });

  it('books what the runtime refuses or fails: an account left below its rent, with its fee charged and its amount back', async () => {
    const user = await userWithFunds();
    const wallet = await walletOn(app, user, 'solana_devnet');
    // 0.000001 SOL to a new address would leave it below the rent-exempt minimum: the runtime fails it.
    const response = await postSend(app, user, { walletId: wallet.id, to: externalAddress('solana_devnet'), amount: '0.000001', speed: 'slow' });
    expect(response.statusCode).toBe(201);
    const send = response.json<SendResponse>().transaction;
    await step();
    const [row] = await rowsOf(send.hash);
    expect(row).toMatchObject({ status: 'failed', fee: BigInt(send.feeUnits), failureReason: expect.stringContaining('rent-exempt minimum') });
    expect(balanceOf(await walletOn(app, user, 'solana_devnet'), 'SOL')).toBe(100n * SOL - BigInt(send.feeUnits));
    await expectBookEqualsRuntime();
  });

  it('executes faucet claims, confirms every slot to finality, and a new leader restores the same runtime', async () => {
    const user = await userWithFunds();
    const wallet = await walletOn(app, user, 'solana_devnet');
    expect((await claimFaucet(app, user, wallet.id)).statusCode).toBe(201);
    await step();
    expect(balanceOf(await walletOn(app, user, 'solana_devnet'), 'SOL')).toBe(110n * SOL);
    // A leader that starts over (a restart, or another process taking the lead) restores from the snapshot and the book.
    const [before] = await database.db.select().from(solanaRuntime);
    const next = createSolanaExecutor({ chain: solana, events: app.ledger.events, timeScale: 1_000 });
    // 100 ms at 1,000 times chain time are 250 slots: past a blockhash's lifetime.
    const later = () => new Promise((resolve) => setTimeout(resolve, 100));
    await next.step(database.db);
    await later();
    // It replayed the claims the snapshot lacked: the first rotation saves them...
    expect(await next.step(database.db)).toMatchObject({ rotated: true });
    const [saved] = await database.db.select().from(solanaRuntime);
    await later();
    // ...and, idle since, it keeps that blockhash and snapshot past another lifetime: an idle runtime writes nothing.
    expect(await next.step(database.db)).toMatchObject({ executed: 0, rotated: false });
    expect((await database.db.select().from(solanaRuntime))[0]).toEqual(saved);
    const rows = await database.db.select().from(transactions).where(and(eq(transactions.walletId, wallet.id), eq(transactions.status, 'confirmed')));
    for (const row of rows) expect(row.confirmations).toBe(MAX_CONFIRMATIONS);
    const [state] = await database.db.select().from(solanaRuntime);
    expect(state!.blockhash).not.toBe(before!.blockhash);
    expect((await next.runtimeFor(database.db)).latestBlockhash()).toBe(state!.blockhash);
    await expectBookEqualsRuntime();
    // It leads from now on: one leader at a time holds the runtime.
    executor = next;
  });

  it('agrees with the runtime after random concurrent sends between steps, some of them more than the sender has', async () => {
    const users = [await userWithFunds(), await userWithFunds(), await userWithFunds()];
    const wallets = await Promise.all(users.map((user) => walletOn(app, user, 'solana_devnet')));
    let seed = 50;
    const random = (below: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % below;
    for (let round = 0; round < 4; round += 1) {
      const sends = Array.from({ length: 8 }, () => {
        const from = random(3);
        const to = random(4) === 3 ? externalAddress('solana_devnet') : wallets[(from + 1 + random(2)) % 3]!.address;
        const asset = random(2) === 0 ? 'SOL' : 'USDC';
        const amount = asset === 'SOL' ? `${1 + random(30)}.${random(1000)}` : `${1 + random(400)}`;
        return postSend(app, users[from]!, { walletId: wallets[from]!.id, to, amount, speed: (['slow', 'normal', 'fast'] as const)[random(3)]!, asset });
      });
      const answered = await Promise.all(sends);
      for (const response of answered) expect([201, 400]).toContain(response.statusCode);
      await step();
    }
    await step();
    await expectBookEqualsRuntime();
  });
});
