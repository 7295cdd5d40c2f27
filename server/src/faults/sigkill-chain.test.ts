import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SendResponse } from '@fincrypt/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseTarget } from '../db/database.ts';
import { transactions } from '../db/schema.ts';
import { http, type ServerProcess, signUpOverHttp, startServerProcess } from '@fincrypt/test-support';
import { createEmptyPostgresDatabase, testDatabaseKinds } from '../test/test-database.ts';
import {
  type Account,
  createSendPlanner,
  delay,
  expectBalancesMatchAnswers,
  type PlannedSend,
  postPlanned,
  seededRandom,
  waitUntil,
  walletsWithGrants,
} from './testing/send-load.ts';

/** Kills of the server process (its local nodes die with it: one process group) while sends are in flight. */
const KILLS = 4;
const WORKERS = 4;
const KILL_AFTER_MS = { min: 300, max: 1_200 };
const SEED = process.env.FAULTS_SEED ? Number(process.env.FAULTS_SEED) : randomInt(2 ** 31);

/**
 * Issue 49, items 5 and 11: kill -9 of the server mid-send on a real local chain, several times under load. The
 * server's Anvils die with it and come back from state files up to a second old, so each restart also undoes the
 * chain's last blocks and its pool. The client retries what a kill cut with the same key. In the end: every send
 * answered once and the same every time, none lost, none doubled, none stuck, and the ledger equal to the chain.
 */
for (const kind of testDatabaseKinds()) {
  describe(`SIGKILL of the server on a real local chain, ${KILLS} times [${kind}]`, () => {
    let env: Record<string, string>;
    let target: DatabaseTarget;
    let cleanUp: () => Promise<void> = async () => {};
    const started: ServerProcess[] = [];

    beforeAll(async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-sigkill-chain-'));
      if (kind === 'postgres') {
        const empty = await createEmptyPostgresDatabase();
        target = { kind: 'postgres', url: empty.url };
        // The nodes' state files live in DATA_DIR whatever the database.
        env = { DATABASE_URL: empty.url, DATA_DIR: dataDir };
        cleanUp = async () => {
          await empty.drop();
          fs.rmSync(dataDir, { recursive: true, force: true });
        };
      } else {
        target = { kind: 'pglite', dataDir };
        env = { DATABASE_URL: '', DATA_DIR: dataDir };
        cleanUp = async () => fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
    afterAll(async () => {
      for (const serverProcess of started) await serverProcess.stop('SIGKILL');
      await cleanUp();
    }, 60_000);

    const start = async () => {
      const server = await startServerProcess({ ...env, CHAIN: 'local', CHAIN_TIME_SCALE: '10', RATE_LIMIT_SEND_PER_USER: '1000000', PRICE_API_URL: '' });
      started.push(server);
      return server;
    };

    /** The ledger as the running server checks it, the chains included. */
    const ledgerOf = async (server: ServerProcess) =>
      (await http(server.adminUrl, 'GET', '/system/ledger')).json() as { isBalanced: boolean; breaches: string[]; chains?: { pending: number }[] };

    it(`loses nothing, doubles nothing, leaves nothing pending, and the book equals the chain (FAULTS_SEED=${SEED})`, async () => {
      const killRandom = seededRandom(SEED);
      const loadRandom = seededRandom(SEED ^ 0x5eed);
      let current = await start();
      const accounts: Account[] = [];
      for (const name of ['Ann', 'Ben', 'Cat']) {
        const user = await signUpOverHttp(current.url, name);
        accounts.push({ user, wallets: [] });
      }
      // The EVM wallets only, once a block has included their grants.
      for (const account of accounts) account.wallets = (await walletsWithGrants(current.url, account.user)).filter((wallet) => wallet.network !== 'solana_devnet');
      const planner = createSendPlanner(accounts, loadRandom);
      const toRetry: PlannedSend[] = [];
      const problems: string[] = [];
      let cut = 0;
      const send = async (url: string, request: PlannedSend) => {
        const response = await postPlanned(url, request);
        if (response.status !== 201) problems.push(`${request.key} answered ${response.status}: ${response.text}`);
        if (!request.answer) request.answer = { status: response.status, text: response.text };
        else if (request.answer.text !== response.text) problems.push(`${request.key} answered differently`);
      };

      for (let kill = 1; kill <= KILLS; kill += 1) {
        const round = { isOver: false };
        const workers = Array.from({ length: WORKERS }, async () => {
          while (!round.isOver) {
            const request = toRetry.shift() ?? planner.plan();
            try {
              await send(current.url, request);
            } catch {
              // The process died under this request: the client cannot know whether the send happened.
              if (!request.answer) {
                cut += 1;
                toRetry.push(request);
              }
            }
          }
        });
        await delay(KILL_AFTER_MS.min + killRandom() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min));
        round.isOver = true;
        await current.stop('SIGKILL');
        await Promise.all(workers);
        current = await start();
      }

      for (const request of toRetry.splice(0)) await send(current.url, request);
      for (const request of planner.planned) await send(current.url, request);
      expect(problems).toEqual([]);
      expect(cut).toBeGreaterThan(0);
      console.warn(`[${kind}, chain] ${planner.planned.length} sends over ${KILLS} kills of the server and its nodes; ${cut} cut by a kill; FAULTS_SEED=${SEED}`);
      const hashes = new Set(planner.planned.map((request) => (JSON.parse(request.answer!.text) as SendResponse).transaction.hash));
      expect(hashes.size).toBe(planner.planned.length);

      // Nothing stuck: the outbox hands over what the restarted nodes lost, the indexer books it, and then the book
      // and the chain agree to the smallest unit.
      await waitUntil(
        async () => {
          const ledger = await ledgerOf(current);
          return ledger.isBalanced && (ledger.chains ?? []).length === 3 && ledger.chains!.every((chain) => chain.pending === 0);
        },
        90_000,
        'every transaction in a block, and the book equal to the chain',
        async () => `the ledger says ${JSON.stringify(await ledgerOf(current))}; the server's last words:\n${current.output().slice(-4_000)}`,
      );
      expect(await ledgerOf(current)).toMatchObject({ isBalanced: true, breaches: [] });
      await expectBalancesMatchAnswers(current.url, accounts, planner.planned);

      await current.stop('SIGKILL');
      const database = await openDatabase(target, { shouldMigrate: false });
      try {
        const sendRows = await database.db
          .select({ hash: transactions.hash, status: transactions.status })
          .from(transactions)
          .where(and(eq(transactions.type, 'send'), inArray(transactions.userId, accounts.map((account) => account.user.id))));
        expect(new Set(sendRows.map((row) => row.hash))).toEqual(hashes);
        expect(sendRows.length).toBe(planner.planned.length);
        expect(sendRows.every((row) => row.status === 'confirmed')).toBe(true);
      } finally {
        await database.close();
      }
    }, 300_000);
  });
}
