import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { transactions, wallets } from '../db/schema.ts';
import { signUp } from '../test/auth-client.ts';
import { externalAddress, postSend, walletOn } from '../test/ledger-client.ts';
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
    const report = await checkLedger(ctx.database.db);
    expect(report.breaches).toEqual([]);
    const eth = report.networks.find((network) => network.network === 'eth_sepolia')!;
    expect(BigInt(eth.minted)).toBe(BigInt(eth.balances) + BigInt(eth.fees) + BigInt(eth.sentOutside));
    expect(BigInt(eth.sentOutside)).toBe(2n * 10n ** 18n);
    expect(summarizeLedger(report)).toMatch(/^ledger balanced — eth_sepolia: minted \d+ ETH = balances [\d.]+ ETH \+ fees [\d.]+ ETH \+ outside 2 ETH/);
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
    await tamper(
      () => db.update(wallets).set({ balance: sql`${wallets.balance} + 1` }).where(eq(wallets.id, to.id)),
      () => db.update(wallets).set({ balance: sql`${wallets.balance} - 1` }).where(eq(wallets.id, to.id)),
      /eth_sepolia: minted .*off by -1[\s\S]*wallet .* holds/,
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

      await app.listen({ port: 0, host: '127.0.0.1' });
      const throughServer = await ledgerCheckScript({ LEDGER_CHECK_URL: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
      expect(throughServer).toMatchObject({ code: 0 });
      expect(throughServer.output).toMatch(/^ledger balanced — .*solana_devnet: minted 100 SOL = balances [\d.]+ SOL \+ fees [\d.]+ SOL \+ outside 3 SOL/m);
      await app.close();
      await database.close();

      const stopped = await ledgerCheckScript({ DATA_DIR: dataDir });
      expect(stopped.code).toBe(0);
      expect(stopped.output).toContain('ledger balanced');

      database = await openDatabase({ kind: 'pglite', dataDir });
      await database.db.update(wallets).set({ balance: sql`${wallets.balance} + 5` }).where(eq(wallets.id, wallet.id));
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
