import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_CONFIRMATIONS, type SendResponse } from '@fincrypt/domain';
import { and, count, eq, inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseTarget } from '../db/database.ts';
import { idempotencyKeys, transactions } from '../db/schema.ts';
import { expectLedgerBalanced } from '../test/ledger-client.ts';
import { http, type ServerProcess, signUpOverHttp, startServerProcess } from '@fincrypt/test-support';
import { createEmptyPostgresDatabase, testDatabaseKinds } from '../test/test-database.ts';
import {
  type Account,
  expectBalancesMatchAnswers,
  createSendPlanner,
  delay,
  historyOf,
  type PlannedSend,
  postPlanned,
  seededRandom,
  waitUntil,
  walletsOf,
} from './testing/send-load.ts';

const KILLS = 20;
/** Sends in flight at any moment of the load. */
const WORKERS = 8;
/** Where in the load a kill falls: this many milliseconds after the (re)started server answered its health check. */
const KILL_AFTER_MS = { min: 100, max: 900 };

/**
 * The run's seed: FAULTS_SEED=… repeats its kill points and its choice of senders, recipients and amounts
 * (how the requests interleave is up to the machine).
 */
const SEED = process.env.FAULTS_SEED ? Number(process.env.FAULTS_SEED) : randomInt(2 ** 31);

for (const kind of testDatabaseKinds()) {
  describe(`SIGKILL under load, ${KILLS} times [${kind}]`, () => {
    let target: DatabaseTarget;
    let env: Record<string, string>;
    let cleanUp: () => Promise<void> = async () => {};
    let server: ServerProcess | undefined;
    /** Every process started, so a failed attempt's last one does not outlive it (and load the retry's machine). */
    const started: ServerProcess[] = [];

    beforeAll(async () => {
      if (kind === 'postgres') {
        const empty = await createEmptyPostgresDatabase();
        target = { kind: 'postgres', url: empty.url };
        env = { DATABASE_URL: empty.url };
        cleanUp = empty.drop;
      } else {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-sigkill-'));
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
      // The simulated backend's kills, twenty of them; sigkill-chain.test.ts kills a server on its local nodes.
      server = await startServerProcess({ ...env, CHAIN: 'simulated', CHAIN_TIME_SCALE: '60', RATE_LIMIT_SEND_PER_USER: '1000000', PRICE_API_URL: '' });
      started.push(server);
      return server;
    };

    it(`loses nothing, doubles nothing and leaves nothing pending (FAULTS_SEED=${SEED})`, async () => {
      const killRandom = seededRandom(SEED);
      const loadRandom = seededRandom(SEED ^ 0x5eed);

      let current = await start();
      const accounts: Account[] = [];
      for (const name of ['Ann', 'Ben', 'Cat']) {
        const user = await signUpOverHttp(current.url, name);
        accounts.push({ user, wallets: await walletsOf(current.url, user) });
      }
      const planner = createSendPlanner(accounts, loadRandom);
      const { planned } = planner;
      /** Sends a kill cut before their answer arrived, waiting to be sent again as they were. */
      const toRetry: PlannedSend[] = [];
      /** The kill (1…KILLS) that last cut each send, for the ones a kill cut. */
      const cutBy = new Map<PlannedSend, number>();
      /** The kills that cut at least one send: on a slow machine one send may be cut by two kills in a row. */
      const killsThatCut = new Set<number>();
      const problems: string[] = [];
      let replaysUnderLoad = 0;

      const send = async (url: string, request: PlannedSend) => {
        const response = await postPlanned(url, request);
        if (response.status !== 201) problems.push(`${request.key} answered ${response.status}: ${response.text}`);
        if (!request.answer) request.answer = { status: response.status, text: response.text };
        else if (request.answer.text !== response.text) {
          problems.push(`${request.key} answered differently:\n  first ${request.answer.text}\n  later ${response.text}`);
        }
      };

      /** WORKERS loops of sends (retries first, then new ones, now and then a replay of an answered one) until the round is over. */
      const load = (url: string, round: { isOver: boolean; kill: number }, inFlight: Set<PlannedSend>) =>
        Array.from({ length: WORKERS }, async () => {
          while (!round.isOver) {
            const answered = planned.filter((request) => request.answer);
            const isReplay = answered.length > 0 && loadRandom() < 0.1;
            const request = isReplay ? planner.pick(answered) : (toRetry.shift() ?? planner.plan());
            inFlight.add(request);
            try {
              await send(url, request);
              if (isReplay) replaysUnderLoad += 1;
            } catch {
              // The process died under this request: the client cannot know whether the send happened.
              if (!request.answer) {
                cutBy.set(request, round.kill);
                killsThatCut.add(round.kill);
                toRetry.push(request);
              }
            } finally {
              inFlight.delete(request);
            }
          }
        });

      const startedAt = Date.now();
      let killsWithSendsInFlight = 0;
      const killedAt: number[] = [];
      for (let kill = 1; kill <= KILLS; kill += 1) {
        // Every crash so far left a consistent ledger behind.
        const ledger = await http(current.adminUrl, 'GET', '/system/ledger');
        expect(ledger.json(), `the ledger after ${kill - 1} kills`).toMatchObject({ isBalanced: true, breaches: [] });

        const round = { isOver: false, kill };
        const inFlight = new Set<PlannedSend>();
        const workers = load(current.url, round, inFlight);
        await delay(KILL_AFTER_MS.min + killRandom() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min));
        round.isOver = true;
        if (inFlight.size > 0) killsWithSendsInFlight += 1;
        killedAt.push(Date.now());
        await current.stop('SIGKILL');
        await Promise.all(workers);
        current = await start();
      }
      const loadMs = Date.now() - startedAt;

      // The client sends again every send it got no answer to, with the same key and body.
      const retriedAfterLastKill = toRetry.length;
      for (const batch of chunks(toRetry.splice(0), WORKERS)) await Promise.all(batch.map((request) => send(current.url, request)));
      // And asks once more for every send: each answer is the first one again.
      for (const batch of chunks(planned, WORKERS)) await Promise.all(batch.map((request) => send(current.url, request)));

      expect(problems).toEqual([]);
      expect(planned.every((request) => request.answer?.status === 201)).toBe(true);
      // Of the sends a kill cut, those the killed process had already written: their retry was answered by a replay.
      const writtenBeforeTheKill = [...cutBy].filter(([request, kill]) => {
        const { transaction } = JSON.parse(request.answer!.text) as SendResponse;
        return Date.parse(transaction.timestamp) < killedAt[kill - 1]!;
      });
      console.warn(
        `[${kind}] ${planned.length} sends in ${loadMs} ms over ${KILLS} kills; ${cutBy.size} cut by a kill ` +
          `(${writtenBeforeTheKill.length} of them already written), ${retriedAfterLastKill} retried after the last kill; ` +
          `${replaysUnderLoad} replays under load; FAULTS_SEED=${SEED}`,
      );
      expect(killsWithSendsInFlight).toBe(KILLS);
      expect(killsThatCut.size).toBe(KILLS);

      const hashes = new Set(planned.map((request) => (JSON.parse(request.answer!.text) as SendResponse).transaction.hash));
      expect(hashes.size).toBe(planned.length);

      // No stuck pending: every transaction, cut or not, reaches its twelfth confirmation.
      await waitUntil(
        async () => {
          for (const account of accounts) {
            const history = await historyOf(current.url, account.user);
            if (history.some((transaction) => transaction.confirmations < MAX_CONFIRMATIONS)) return false;
          }
          return true;
        },
        60_000,
        'every transaction to reach 12 confirmations',
      );

      await expectBalancesMatchAnswers(current.url, accounts, planned);
      const ledger = await http(current.adminUrl, 'GET', '/system/ledger');
      expect(ledger.json()).toMatchObject({ isBalanced: true, breaches: [] });

      // And as the database has it, with the server gone once more (PGlite takes one process at a time).
      await current.stop('SIGKILL');
      const database = await openDatabase(target, { shouldMigrate: false });
      try {
        const userIds = accounts.map((account) => account.user.id);
        const sendRows = await database.db
          .select({ hash: transactions.hash })
          .from(transactions)
          .where(and(eq(transactions.type, 'send'), inArray(transactions.userId, userIds)));
        expect(sendRows.length).toBe(planned.length);
        expect(new Set(sendRows.map((row) => row.hash))).toEqual(hashes);
        const [keys] = await database.db.select({ count: count() }).from(idempotencyKeys).where(inArray(idempotencyKeys.userId, userIds));
        expect(keys?.count).toBe(planned.length);
        const [unfinished] = await database.db.select({ count: count() }).from(transactions).where(lt(transactions.confirmations, MAX_CONFIRMATIONS));
        expect(unfinished?.count).toBe(0);
        await expectLedgerBalanced(database.db);
      } finally {
        await database.close();
      }
      // Twenty cold starts of a PGlite server take 2 minutes on a quiet machine and over 4 on a loaded one.
    }, 600_000);
  });
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}
