import { randomUUID } from 'node:crypto';
import { MAX_CONFIRMATIONS, type RealtimeEvents, type WalletView } from '@fincrypt/domain';
import { and, count, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { PostgresSettings } from '../config.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { transactions } from '../db/schema.ts';
import { createEventBus, type UserEvent } from '../lib/event-bus.ts';
import { CHAIN_CLOCK_LOCK_KEY, type ClockRunner, startClockRunner } from '../payments/clock-runner.ts';
import { call, signUp, type TestUser } from '../test/auth-client.ts';
import { expectLedgerBalanced, externalAddress, listWallets, postSend, storedBalances } from '../test/ledger-client.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { testConfig } from '../test/test-app.ts';
import { createEmptyPostgresDatabase, describeOnPostgres } from '../test/test-database.ts';

/** The bounds under test, short so the test is quick; the defaults are seconds longer (config.ts). */
const BOUNDS: Partial<PostgresSettings> = {
  connectionTimeoutMs: 1_000,
  statementTimeoutMs: 1_500,
  queryTimeoutMs: 2_000,
  idleInTransactionTimeoutMs: 1_500,
  idleSessionTimeoutMs: 2_000,
  keepAliveDelayMs: 1_000,
  heartbeatMs: 500,
};
/** "Within a few seconds", generously: the bounds above are about 2 s; a loaded machine gets the rest. */
const ANSWER_WITHIN_MS = 20_000;
const SCALE = 10;
const UNAVAILABLE = { error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is not answering. Please try again shortly.' } };
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A request, and how long its answer took. */
async function timed(request: Promise<LightMyRequestResponse>) {
  const startedAt = Date.now();
  const response = await request;
  return { status: response.statusCode, body: response.json() as unknown, ms: Date.now() - startedAt };
}

/**
 * The network to PostgreSQL goes silent: the app's connections (through a TCP proxy in its 'blackhole' mode)
 * stay open, but nothing comes back and nothing is closed. Without bounds every query would wait forever.
 */
describeOnPostgres('a silent network to PostgreSQL', () => {
  let target: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let proxy: TcpProxy;
  /** The app's database, through the proxy. */
  let database: Database;
  /** The same database straight, for the test's own reads and for the process that takes over. */
  let direct: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    target = await createEmptyPostgresDatabase();
    const upstream = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: upstream.hostname, port: Number(upstream.port || 5432) });
    database = await openDatabase({ kind: 'postgres', url: proxy.rewrite(target.url) }, { postgres: BOUNDS });
    direct = await openDatabase({ kind: 'postgres', url: target.url }, { shouldMigrate: false, postgres: BOUNDS });
    // No nodes: what goes silent is PostgreSQL, and what must move is the simulated chain clock's leadership.
    app = await buildApp({
      logger: false,
      config: testConfig({ config: { chain: { timeScale: SCALE, tickIntervalMs: 50 } } }),
      database,
    });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    proxy?.resume();
    await app?.close();
    await database?.close();
    await direct?.close();
    await proxy?.close();
    await target?.drop();
  }, 60_000);

  const rowsOf = async <Row>(query: SQL) => ((await direct.db.execute(query)) as unknown as { rows: Row[] }).rows;
  const sendRows = (walletId: string) =>
    direct.db.select({ id: transactions.id }).from(transactions).where(and(eq(transactions.walletId, walletId), eq(transactions.type, 'send')));
  const balanceOf = async (walletId: string) => (await storedBalances(direct.db, [walletId], 'ETH')).get(walletId);

  it('answers 503 within seconds, in-flight and new requests alike, and works again once the network is back', async () => {
    const user = await signUp(app);
    const wallet = (await listWallets(app, user)).find((item) => item.network === 'eth_sepolia')!;
    const body = { walletId: wallet.id, to: externalAddress('eth_sepolia'), amount: '1' };
    const balanceBefore = await balanceOf(wallet.id);

    // An in-flight request: a send waiting on its wallet's row lock, held by another connection, when the
    // network goes silent.
    const holder = new pg.Client({ connectionString: target.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from wallets where id = $1 for update', [wallet.id]);
    const inFlightKey = randomUUID();
    const inFlight = timed(postSend(app, user, body, inFlightKey));
    // Asked on another connection: inside the holder's transaction, pg_stat_activity would keep its first answer.
    await waitUntil(
      async () =>
        (await rowsOf<{ waiting: number }>(
          sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        ))[0]!.waiting > 0,
      10_000,
      'the send to wait on the wallet lock',
    );
    proxy.stop('blackhole');
    // PostgreSQL goes on with the send once the lock is free, but nothing it answers reaches the app.
    await holder.query('commit');
    await holder.end();

    // New requests while the network is silent: a signed-in read, a send, the health check.
    const [inFlightAnswer, ...newAnswers] = await Promise.all([
      inFlight,
      timed(call(app, 'GET', '/api/wallets', { cookie: user.cookie })),
      timed(postSend(app, user, body)),
      timed(call(app, 'GET', '/api/health')),
    ]);
    for (const answer of [inFlightAnswer!, ...newAnswers]) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual(UNAVAILABLE);
      expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
    }
    // The app's connections are still open in the black hole: nothing closed them for it.
    expect(proxy.silenced()).toBeGreaterThan(0);
    // And again, now that the pool's connections are known to be dead or are being made anew.
    const again = await timed(call(app, 'GET', '/api/wallets', { cookie: user.cookie }));
    expect(again).toMatchObject({ status: 503, body: UNAVAILABLE });
    expect(again.ms).toBeLessThan(ANSWER_WITHIN_MS);

    // A send is one transaction (decision 035): its statements after the lock never reach PostgreSQL, which ends the
    // silent transaction and rolls it back. Nothing is written, not even its key: nothing is left open.
    await waitUntil(
      async () =>
        (await rowsOf<{ open: number }>(
          sql`select count(*)::int as open from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
        ))[0]?.open === 0,
      ANSWER_WITHIN_MS,
      'the silent transaction to be ended by PostgreSQL',
    );
    expect(await sendRows(wallet.id)).toHaveLength(0);
    expect(await balanceOf(wallet.id)).toBe(balanceBefore);
    const stored = await rowsOf<{ status: number }>(sql`select status_code as status from idempotency_keys where key = ${inFlightKey}`);
    expect(stored).toEqual([]);

    // The network comes back (the silenced connections stay dead): the app recovers by itself.
    proxy.resume();
    await waitUntil(
      async () => {
        const answers = await Promise.all([
          call(app, 'GET', '/api/wallets', { cookie: user.cookie }),
          call(app, 'GET', '/api/health'),
        ]);
        return answers.every((answer) => answer.statusCode === 200);
      },
      30_000,
      'the app to answer again',
    );
    // The client sends the refused send again, with its key: it goes through now, once.
    await waitUntil(async () => (await postSend(app, user, body, inFlightKey)).statusCode === 201, 30_000, 'the send to go through');
    const retried = await postSend(app, user, body, inFlightKey);
    expect(retried.statusCode).toBe(201);
    expect(await sendRows(wallet.id)).toHaveLength(1);
    const [sent] = await rowsOf<{ amount: string; fee: string }>(sql`select amount::text as amount, fee::text as fee from ${transactions} where wallet_id = ${wallet.id} and type = 'send'`);
    expect(await balanceOf(wallet.id)).toBe(balanceBefore! - BigInt(sent!.amount) - BigInt(sent!.fee));
    await expectLedgerBalanced(direct.db);
    console.warn(
      `silent network: in-flight send answered 503 in ${inFlightAnswer!.ms} ms, new requests in ` +
        `${newAnswers.map((answer) => answer.ms).join('/')} ms, then ${again.ms} ms (query timeout ${BOUNDS.queryTimeoutMs} ms)`,
    );
  }, 120_000);

  it("takes the chain clock from a leader whose connection went silent: another process leads, nothing is done twice", async () => {
    const recorded: { by: 'silenced' | 'other'; at: number; event: UserEvent }[] = [];
    const busOf = (by: 'silenced' | 'other') => {
      const bus = createEventBus();
      bus.subscribe((event) => recorded.push({ by, at: Date.now(), event }));
      return bus;
    };
    const runner = (db: Database, by: 'silenced' | 'other') =>
      startClockRunner({ database: db, events: busOf(by), timeScale: SCALE, tickIntervalMs: 50, leaderRetryMs: 200, log: quiet });
    const lockHolders = async () =>
      rowsOf<{ pid: number }>(
        sql`select pid from pg_locks where locktype = 'advisory' and objid = ${CHAIN_CLOCK_LOCK_KEY} and granted
          and database = (select oid from pg_database where datname = current_database())`,
      );

    const runners: ClockRunner[] = [];
    try {
      // The leader's lock connection goes through the proxy; the other process's goes straight.
      const silenced = runner(database, 'silenced');
      runners.push(silenced);
      await waitUntil(() => silenced.isLeader(), 10_000, 'the first runner to lead');
      const other = runner(direct, 'other');
      runners.push(other);
      const [leaderBackend] = await lockHolders();

      // Sends at every speed, so confirmations keep coming across the hand-over.
      const users: TestUser[] = [await signUp(app), await signUp(app)];
      const hashes: string[] = [];
      for (const [i, speed] of (['slow', 'slow', 'normal', 'normal', 'fast', 'fast'] as const).entries()) {
        const from: WalletView = (await listWallets(app, users[i % 2]!)).find((item) => item.network === 'polygon_amoy')!;
        const sent = await postSend(app, users[i % 2]!, { walletId: from.id, to: externalAddress('polygon_amoy'), amount: '1', speed });
        expect(sent.statusCode).toBe(201);
        hashes.push(sent.json().transaction.hash);
      }
      const updates = () =>
        recorded
          .filter((item) => item.event.event === 'transaction_update')
          .map((item) => ({ by: item.by, at: item.at, ...(item.event.payload as RealtimeEvents['transaction_update']).transaction }));
      // The leader has confirmed some, and one slow send is not halfway yet: the network goes silent.
      await waitUntil(
        () => updates().some((update) => update.by === 'silenced' && hashes.slice(0, 2).includes(update.hash) && update.confirmations <= 6),
        30_000,
        'the leader to confirm a slow send',
      );
      proxy.stop('blackhole');
      const silencedAt = Date.now();

      // PostgreSQL ends the silent leader's session (idle_session_timeout), its lock goes, the other process leads.
      await waitUntil(() => other.isLeader(), ANSWER_WITHIN_MS, 'the other runner to lead');
      const handOverMs = Date.now() - silencedAt;
      expect(handOverMs).toBeLessThan(ANSWER_WITHIN_MS);
      await waitUntil(() => !silenced.isLeader(), ANSWER_WITHIN_MS, 'the silenced runner to know it no longer leads');
      const holders = await lockHolders();
      expect(holders).toHaveLength(1);
      expect(holders[0]!.pid).not.toBe(leaderBackend!.pid);
      expect(await rowsOf(sql`select pid from pg_stat_activity where pid = ${leaderBackend!.pid}`)).toEqual([]);

      // Every send reaches 12 under the new leader.
      await waitUntil(
        async () => {
          const [unfinished] = await direct.db
            .select({ count: count() })
            .from(transactions)
            .where(and(inArray(transactions.hash, hashes), lt(transactions.confirmations, MAX_CONFIRMATIONS)));
          return unfinished?.count === 0;
        },
        60_000,
        'every send to reach 12 confirmations',
      );
      proxy.resume();

      // Nothing was done twice: each confirmation of each send was announced once, in order, by one leader
      // then the other; each send entered a block once.
      const all = updates();
      for (const hash of hashes) {
        const steps = all.filter((update) => update.hash === hash).sort((a, b) => a.at - b.at);
        const confirmations = steps.map((step) => step.confirmations);
        expect(new Set(confirmations).size, hash).toBe(confirmations.length);
        expect(confirmations, hash).toEqual([...confirmations].sort((a, b) => a - b));
        expect(confirmations.at(-1), hash).toBe(MAX_CONFIRMATIONS);
        const byLeader = steps.map((step) => step.by);
        expect(byLeader, hash).toEqual([...byLeader].sort((a, b) => (a === b ? 0 : a === 'silenced' ? -1 : 1)));
        const included = recorded.filter(
          (item) => item.event.event === 'transaction_status' && (item.event.payload as RealtimeEvents['transaction_status']).hash === hash,
        );
        expect(included.length, hash).toBeLessThanOrEqual(1);
      }
      // The hand-over happened in the middle of the work: the slow send was carried on by the other process.
      const carried = all.filter((update) => update.hash === hashes[0] || update.hash === hashes[1]);
      expect(carried.some((update) => update.by === 'silenced')).toBe(true);
      expect(carried.some((update) => update.by === 'other')).toBe(true);
      expect(all.filter((update) => update.by === 'silenced').every((update) => update.at <= silencedAt)).toBe(true);
      const rows = await direct.db.select({ blockNumber: transactions.blockNumber }).from(transactions).where(inArray(transactions.hash, hashes));
      expect(rows.every((row) => row.blockNumber !== null)).toBe(true);
      await expectLedgerBalanced(direct.db);
      console.warn(
        `silent network: the other process led ${handOverMs} ms after the leader went silent ` +
          `(idle_session_timeout ${BOUNDS.idleSessionTimeoutMs} ms); ${all.length} confirmations announced, none twice`,
      );
    } finally {
      proxy.resume();
      await Promise.all(runners.map((item) => item.stop()));
    }
  }, 180_000);
});
