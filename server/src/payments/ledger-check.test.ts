import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { findAsset, nativeAsset } from '@fincrypt/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { buildAdminApp } from '../admin-app.ts';
import { buildApp } from '../app.ts';
import { type EvmChain } from '../chain/evm-chains.ts';
import { type RunningEvmChains, startEvmChains } from '../chain/start-evm-chains.ts';
import { type Db, openDatabase } from '../db/database.ts';
import { mints, transactions, walletBalances } from '../db/schema.ts';
import type { EventBus } from '../lib/event-bus.ts';
import { loadSecret } from '../lib/secrets.ts';
import { signUp } from '../test/auth-client.ts';
import { fundedUser, includePending } from '../test/chain-steps.ts';
import { claimFaucet, externalAddress, postSend, walletOn } from '../test/ledger-client.ts';
import { indexAll } from '../test/local-chain.ts';
import { testConfig, useTestApp } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';
import { syncTreasuryNonce } from './chain-grants.ts';
import { outboxPass } from './chain-outbox.ts';
import { checkLedger, type LedgerReport, summarizeLedger } from './ledger-check.ts';
import { checkLedgerAndChains } from './ledger-vs-chain.ts';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');

/** Runs the script behind `npm run ledger:check` (without npm's start-up); resolves with its exit code and output. */
async function ledgerCheckScript(env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/scripts/ledger-check.ts'], {
      cwd: serverDir,
      // The default backend: local nodes under DATA_DIR, none named by URL, the treasury's secret from its file.
      env: { ...process.env, DATABASE_URL: '', LEDGER_CHECK_URL: '', INIT_CWD: '', CHAIN: '', SEPOLIA_RPC_URL: '', AMOY_RPC_URL: '', CHAIN_TREASURY_SECRET: '', ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, output: failure.stdout + failure.stderr };
  }
}

const ETH = 10n ** 18n;
const USDC = 10n ** 6n;

describeEachDatabase('ledger check', (kind) => {
  const ctx = useTestApp(kind);

  it('holds on a busy ledger, with money in flight and once blocks include it, and names each kind of breach', async () => {
    const alice = await fundedUser(ctx);
    const bob = await fundedUser(ctx);
    const send = async (body: Record<string, string>) => {
      const response = await postSend(ctx.app, alice.user, { walletId: alice.walletId, ...body });
      expect(response.statusCode).toBe(201);
      return response.json().transaction.hash as string;
    };
    const hash = await send({ to: bob.address, amount: '7' });
    const sent = [hash, await send({ to: externalAddress('eth_sepolia'), amount: '2' })];
    sent.push(await send({ asset: 'USDC', to: bob.address, amount: '25.5' }));
    sent.push(await send({ asset: 'USDC', to: externalAddress('eth_sepolia'), amount: '4' }));
    const faucet = await claimFaucet(ctx.app, bob.user, bob.walletId);
    expect(faucet.statusCode).toBe(201);
    const totalsOf = (report: LedgerReport, asset: string) => report.networks.find((network) => network.network === 'eth_sepolia' && network.asset === asset)!;

    // Until a block includes them, the payments to Bob and the faucet's grants are in flight: in no balance yet.
    const inFlight = await checkLedger(ctx.database.db);
    expect(inFlight.breaches).toEqual([]);
    const faucetUsdc = findAsset('eth_sepolia', 'USDC')!.faucetGrantUnits;
    expect(totalsOf(inFlight, 'ETH').inFlight).toBe(String(7n * ETH + nativeAsset('eth_sepolia').faucetGrantUnits));
    expect(totalsOf(inFlight, 'USDC').inFlight).toBe(String(255n * USDC / 10n + faucetUsdc));
    expect(summarizeLedger(inFlight)).toMatch(/eth_sepolia USDC: minted 2500 USDC = balances 1970\.5 USDC \+ fees 0 USDC \+ outside 4 USDC \+ in flight 525\.5 USDC/);

    await includePending(ctx);
    const report = await checkLedger(ctx.database.db);
    expect(report.breaches).toEqual([]);
    const eth = totalsOf(report, 'ETH');
    expect(BigInt(eth.minted)).toBe(BigInt(eth.balances) + BigInt(eth.fees) + BigInt(eth.sentOutside));
    expect(BigInt(eth.sentOutside)).toBe(2n * ETH);
    // The fees are what the receipts charged (the treasury pays the grants' gas, outside the book).
    const receipts = await Promise.all(sent.map((sentHash) => ctx.testChain.chain.client.getTransactionReceipt({ hash: sentHash as Hex })));
    expect(BigInt(eth.fees)).toBe(receipts.reduce((sum, receipt) => sum + receipt.gasUsed * receipt.effectiveGasPrice, 0n));
    const usdc = totalsOf(report, 'USDC');
    // Two wallets' opening grants and one faucet claim; fees are never in USDC.
    expect(usdc).toMatchObject({ minted: String(2_500_000_000n), fees: '0', sentOutside: '4000000', inFlight: '0', sends: 2 });
    expect(summarizeLedger(report)).toMatch(/^ledger balanced — eth_sepolia ETH: minted \d+ ETH = balances [\d.]+ ETH \+ fees [\d.]+ ETH \+ outside 2 ETH/);
    expect(summarizeLedger(report)).toMatch(/eth_sepolia USDC: minted 2500 USDC = balances 2496 USDC \+ fees 0 USDC \+ outside 4 USDC/);
    expect(summarizeLedger(report)).not.toContain('\n');
    // Nothing pending: every address's balances in the book are the chain's.
    const withChain = await checkLedgerAndChains(ctx.database.db, new Map([['eth_sepolia', ctx.testChain.chain]]));
    expect(withChain.chains).toEqual([{ network: 'eth_sepolia', pending: 0, differences: [] }]);
    expect(summarizeLedger(withChain)).toMatch(/; eth_sepolia agrees with its chain$/);

    const db = ctx.database.db;
    const tamper = async (change: () => Promise<unknown>, undo: () => Promise<unknown>, expected: RegExp) => {
      await change();
      try {
        const broken = await checkLedger(db);
        expect(broken.isBalanced).toBe(false);
        expect(broken.breaches.join('\n')).toMatch(expected);
        expect(summarizeLedger(broken)).toMatch(/^ledger BREACHED/);
      } finally {
        await undo();
      }
    };
    const nudge = (asset: string, by: number) =>
      db
        .update(walletBalances)
        .set({ balance: sql`${walletBalances.balance} + ${by}` })
        .where(and(eq(walletBalances.walletId, bob.walletId), eq(walletBalances.asset, asset)));
    await tamper(() => nudge('ETH', 1), () => nudge('ETH', -1), /eth_sepolia ETH: minted .*off by -1[\s\S]*wallet .* holds \d+ ETH/);
    await tamper(() => nudge('USDC', -1), () => nudge('USDC', 1), /eth_sepolia USDC: minted .*off by 1[\s\S]*wallet .* holds \d+ USDC/);
    const faucetHash: string = faucet.json().transactions[1].hash;
    const faucetRow = and(eq(transactions.hash, faucetHash), eq(transactions.type, 'mint'));
    await tamper(
      () => db.update(transactions).set({ amount: sql`${transactions.amount} + 1` }).where(faucetRow),
      () => db.update(transactions).set({ amount: sql`${transactions.amount} - 1` }).where(faucetRow),
      /faucet mint .* does not match exactly one mints row/,
    );
    // The wallet's opening grants are mint transactions too: the faucet's links are put back as they were.
    const faucetLinks = await db.select({ id: mints.id, transactionId: mints.transactionId }).from(mints).where(eq(mints.source, 'faucet'));
    await tamper(
      () => db.update(mints).set({ transactionId: null }).where(inArray(mints.id, faucetLinks.map((link) => link.id))),
      () => Promise.all(faucetLinks.map((link) => db.update(mints).set({ transactionId: link.transactionId }).where(eq(mints.id, link.id)))),
      /faucet mint .* does not match exactly one mints row/,
    );
    await tamper(
      () => db.update(transactions).set({ amount: sql`${transactions.amount} + 1` }).where(and(eq(transactions.hash, hash), eq(transactions.type, 'receive'))),
      () => db.update(transactions).set({ amount: sql`${transactions.amount} - 1` }).where(and(eq(transactions.hash, hash), eq(transactions.type, 'receive'))),
      /internal send .* does not have exactly one matching receive/,
    );
    await tamper(
      () => db.update(transactions).set({ effectiveGasPrice: sql`${transactions.effectiveGasPrice} + 1000000000` }).where(and(eq(transactions.hash, hash), eq(transactions.type, 'send'))),
      () => db.update(transactions).set({ effectiveGasPrice: sql`${transactions.effectiveGasPrice} - 1000000000` }).where(and(eq(transactions.hash, hash), eq(transactions.type, 'send'))),
      /charged a fee other than its network's fee for its gas and price/,
    );
    expect((await checkLedger(db)).breaches).toEqual([]);
  });
});

/**
 * What a block does on each node, as the leader would see it: every pending transaction there handed over (again, if the
 * hand-over after its commit has not reached the node yet), a block mined, and the index reading it.
 */
async function includePendingOn(db: Db, chains: Iterable<EvmChain>, events: EventBus): Promise<void> {
  for (const chain of chains) {
    await outboxPass(db, chain, events, Date.now() + 60_000);
    await chain.client.request({ method: 'anvil_mine' as never, params: ['0x1'] as never });
    await indexAll(db, chain, events);
  }
}

describe('npm run ledger:check', () => {
  it('checks a running server and a stopped PGlite data directory against the book and the chains, and exits non-zero on a breach', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-ledger-'));
    let evm: RunningEvmChains | undefined;
    try {
      // As `npm start` runs: Sepolia and Amoy on local Anvils keeping their state under DATA_DIR, the treasury's secret beside it.
      let database = await openDatabase({ kind: 'pglite', dataDir });
      const treasurySecret = await loadSecret('chain-treasury', { fromEnv: undefined, database, dataDir });
      evm = await startEvmChains({ nodeUrls: {}, timeScale: 1, dataDir, treasurySecret, log: { info: () => {}, warn: () => {} } });
      const chains = [...evm.chains.values()];
      for (const chain of chains) {
        await syncTreasuryNonce(database.db, chain);
        // The test mines the blocks itself.
        await chain.client.request({ method: 'evm_setIntervalMining' as never, params: [0] as never });
      }
      const app = await buildApp({ logger: false, config: testConfig(), database, chains: evm.chains });
      const user = await signUp(app);
      const wallet = await walletOn(app, user, 'eth_sepolia');
      await includePendingOn(database.db, chains, app.ledger.events);
      expect((await postSend(app, user, { walletId: wallet.id, to: externalAddress('eth_sepolia'), amount: '3' })).statusCode).toBe(201);
      await includePendingOn(database.db, chains, app.ledger.events);

      // Through the admin listener main.ts opens on ADMIN_PORT; the public app has no ledger route at all.
      const admin = await buildAdminApp(database.db, app.log, evm.chains);
      await admin.listen({ port: 0, host: '127.0.0.1' });
      const throughServer = await ledgerCheckScript({ LEDGER_CHECK_URL: `http://127.0.0.1:${(admin.server.address() as AddressInfo).port}` });
      expect(throughServer).toMatchObject({ code: 0 });
      expect(throughServer.output).toMatch(/^ledger balanced — .*eth_sepolia ETH: minted 100 ETH = balances [\d.]+ ETH \+ fees [\d.]+ ETH \+ outside 3 ETH/m);
      expect(throughServer.output).toMatch(/eth_sepolia USDC: minted 1000 USDC = balances 1000 USDC/);
      expect(throughServer.output).toMatch(/; eth_sepolia agrees with its chain; polygon_amoy agrees with its chain$/m);
      await admin.close();
      await app.close();
      await evm.stop();
      evm = undefined;
      await database.close();

      // The script starts the nodes again from their state files: a node that lost its state would not hold the book's balances.
      const stopped = await ledgerCheckScript({ DATA_DIR: dataDir });
      expect(stopped.code).toBe(0);
      expect(stopped.output).toMatch(/^ledger balanced — .*; eth_sepolia agrees with its chain; polygon_amoy agrees with its chain$/m);

      database = await openDatabase({ kind: 'pglite', dataDir });
      await database.db
        .update(walletBalances)
        .set({ balance: sql`${walletBalances.balance} + 5` })
        .where(and(eq(walletBalances.walletId, wallet.id), eq(walletBalances.asset, 'USDC')));
      await database.close();
      const breached = await ledgerCheckScript({ DATA_DIR: dataDir });
      expect(breached.code).toBe(1);
      expect(breached.output).toMatch(/ledger BREACHED .*off by -5/);
      expect(breached.output).toContain(`eth_sepolia ${wallet.address} USDC: book ${1_000n * USDC + 5n} ≠ chain ${1_000n * USDC}`);

      const nowhere = await ledgerCheckScript({ DATA_DIR: path.join(dataDir, 'missing') });
      expect(nowhere.code).toBe(2);
    } finally {
      await evm?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
