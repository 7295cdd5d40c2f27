import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildAdminApp } from '../admin-app.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { mints, transactions, walletBalances } from '../db/schema.ts';
import { signUp } from '../test/auth-client.ts';
import { claimFaucet, externalAddress, postSend, walletOn } from '../test/ledger-client.ts';
import { testConfig, useTestApp } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';
import { checkLedger, summarizeLedger } from './ledger-check.ts';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');

/** Runs the script behind `npm run ledger:check` (without npm's start-up); resolves with its exit code and output. */
async function ledgerCheckScript(env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/scripts/ledger-check.ts'], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: '', LEDGER_CHECK_URL: '', INIT_CWD: '', ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, output: failure.stdout + failure.stderr };
  }
}

describeEachDatabase('ledger check', (kind) => {
  const ctx = useTestApp(kind);

  it('holds on a busy ledger and names each kind of breach', async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const from = await walletOn(ctx.app, alice, 'eth_sepolia');
    const to = await walletOn(ctx.app, bob, 'eth_sepolia');
    const internal = await postSend(ctx.app, alice, { walletId: from.id, to: to.address, amount: '7' });
    expect((await postSend(ctx.app, alice, { walletId: from.id, to: externalAddress('eth_sepolia'), amount: '2' })).statusCode).toBe(201);
    expect((await postSend(ctx.app, alice, { walletId: from.id, asset: 'USDC', to: to.address, amount: '25.5' })).statusCode).toBe(201);
    expect((await postSend(ctx.app, alice, { walletId: from.id, asset: 'USDC', to: externalAddress('eth_sepolia'), amount: '4' })).statusCode).toBe(201);
    const faucet = await claimFaucet(ctx.app, bob, to.id);
    expect(faucet.statusCode).toBe(201);
    const report = await checkLedger(ctx.database.db);
    expect(report.breaches).toEqual([]);
    const eth = report.networks.find((network) => network.network === 'eth_sepolia' && network.asset === 'ETH')!;
    expect(BigInt(eth.minted)).toBe(BigInt(eth.balances) + BigInt(eth.fees) + BigInt(eth.sentOutside));
    expect(BigInt(eth.sentOutside)).toBe(2n * 10n ** 18n);
    const usdc = report.networks.find((network) => network.network === 'eth_sepolia' && network.asset === 'USDC')!;
    // Two wallets' opening grants and one faucet claim; fees are never in USDC.
    expect(usdc).toMatchObject({ minted: String(2_500_000_000n), fees: '0', sentOutside: '4000000', sends: 2 });
    expect(summarizeLedger(report)).toMatch(/^ledger balanced — eth_sepolia ETH: minted \d+ ETH = balances [\d.]+ ETH \+ fees [\d.]+ ETH \+ outside 2 ETH/);
    expect(summarizeLedger(report)).toMatch(/eth_sepolia USDC: minted 2500 USDC = balances 2496 USDC \+ fees 0 USDC \+ outside 4 USDC/);
    expect(summarizeLedger(report)).not.toContain('\n');

    const db = ctx.database.db;
    const hash: string = internal.json().transaction.hash;
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
        .where(and(eq(walletBalances.walletId, to.id), eq(walletBalances.asset, asset)));
    await tamper(() => nudge('ETH', 1), () => nudge('ETH', -1), /eth_sepolia ETH: minted .*off by -1[\s\S]*wallet .* holds \d+ ETH/);
    await tamper(() => nudge('USDC', -1), () => nudge('USDC', 1), /eth_sepolia USDC: minted .*off by 1[\s\S]*wallet .* holds \d+ USDC/);
    const faucetHash: string = faucet.json().transactions[1].hash;
    const faucetRow = and(eq(transactions.hash, faucetHash), eq(transactions.type, 'mint'));
    await tamper(
      () => db.update(transactions).set({ amount: sql`${transactions.amount} + 1` }).where(faucetRow),
      () => db.update(transactions).set({ amount: sql`${transactions.amount} - 1` }).where(faucetRow),
      /faucet mint .* does not match exactly one mints row/,
    );
    await tamper(
      () => db.update(mints).set({ transactionId: null }).where(eq(mints.source, 'faucet')),
      () =>
        db.execute(sql`update mints m set transaction_id = t.id from transactions t
          where m.source = 'faucet' and t.type = 'mint' and t.wallet_id = m.wallet_id and t.asset = m.asset`),
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
      /charged a fee other than gasUsed × effectiveGasPrice/,
    );
    expect((await checkLedger(db)).breaches).toEqual([]);
  });
});

describe('npm run ledger:check', () => {
  it('checks a stopped PGlite data directory and a running server, and exits non-zero on a breach', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-ledger-'));
    try {
      let database = await openDatabase({ kind: 'pglite', dataDir });
      const app = await buildApp({ logger: false, config: testConfig(), database });
      const user = await signUp(app);
      const wallet = await walletOn(app, user, 'solana_devnet');
      expect((await postSend(app, user, { walletId: wallet.id, to: externalAddress('solana_devnet'), amount: '3' })).statusCode).toBe(201);

      // Through the admin listener main.ts opens on ADMIN_PORT; the public app has no ledger route at all.
      const admin = await buildAdminApp(database.db, app.log);
      await admin.listen({ port: 0, host: '127.0.0.1' });
      const throughServer = await ledgerCheckScript({ LEDGER_CHECK_URL: `http://127.0.0.1:${(admin.server.address() as AddressInfo).port}` });
      expect(throughServer).toMatchObject({ code: 0 });
      expect(throughServer.output).toMatch(/^ledger balanced — .*solana_devnet SOL: minted 100 SOL = balances [\d.]+ SOL \+ fees [\d.]+ SOL \+ outside 3 SOL/m);
      expect(throughServer.output).toMatch(/solana_devnet USDC: minted 1000 USDC = balances 1000 USDC/);
      await admin.close();
      await app.close();
      await database.close();

      const stopped = await ledgerCheckScript({ DATA_DIR: dataDir });
      expect(stopped.code).toBe(0);
      expect(stopped.output).toContain('ledger balanced');

      database = await openDatabase({ kind: 'pglite', dataDir });
      await database.db
        .update(walletBalances)
        .set({ balance: sql`${walletBalances.balance} + 5` })
        .where(and(eq(walletBalances.walletId, wallet.id), eq(walletBalances.asset, 'USDC')));
      await database.close();
      const breached = await ledgerCheckScript({ DATA_DIR: dataDir });
      expect(breached.code).toBe(1);
      expect(breached.output).toMatch(/ledger BREACHED .*off by -5/);

      const nowhere = await ledgerCheckScript({ DATA_DIR: path.join(dataDir, 'missing') });
      expect(nowhere.code).toBe(2);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
