import { MAX_CONFIRMATIONS, type RealtimeEvents, type SendResponse } from '@fincrypt/domain';
import { and, count, eq, inArray, lt } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { idempotencyKeys, transactions } from '../db/schema.ts';
import { expectLedgerBalanced } from '../test/ledger-client.ts';
import { type StandInTestnets, startStandInTestnets } from '../test/local-chain.ts';
import { checkLedgerAndChains } from '../payments/ledger-vs-chain.ts';
import { http, type ServerProcess, signUpOverHttp, startServerProcess } from '@fincrypt/test-support';
import { startTcpProxy, type StoppedMode, type TcpProxy } from '../test/tcp-proxy.ts';
import { createEmptyPostgresDatabase, describeOnPostgres } from '../test/test-database.ts';
import {
  type Account,
  expectBalancesMatchAnswers,
  createSendPlanner,
  delay,
  type PlannedSend,
  postPlanned,
  seededRandom,
  waitUntil,
  walletsWithGrants,
} from './testing/send-load.ts';

const UNAVAILABLE = { error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is not answering. Please try again shortly.' } };
/**
 * The processes' PostgreSQL bounds (config.ts), shortened so a silent network is noticed quickly: the client's
 * query timeout, above the server's statement timeout; the connection timeout stays at its 5 s default.
 */
const BOUNDS = {
  PG_STATEMENT_TIMEOUT_MS: '3000',
  PG_QUERY_TIMEOUT_MS: '4000',
  PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: '3000',
  PG_IDLE_SESSION_TIMEOUT_MS: '4000',
  PG_HEARTBEAT_MS: '1000',
};
/** The longest of the pool's connection timeout (5 s) and the query timeout, plus room for a loaded machine. */
const ANSWER_WITHIN_MS = 5_000 + 5_000;
const WORKERS = 6;

interface Received {
  event: keyof RealtimeEvents;
  payload: unknown;
}

async function openSocket(url: string, cookie: string): Promise<{ socket: Socket; received: Received[] }> {
  const socket = io(url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
  const received: Received[] = [];
  socket.onAny((event, payload) => received.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, received };
}

/**
 * PostgreSQL goes away under two running server processes (their connections go through a TCP proxy
 * that drops them: the shared PostgreSQL server itself stays up for the other tests) and comes back.
 */
describeOnPostgres('PostgreSQL stopped under load', () => {
  let target: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let proxy: TcpProxy;
  let database: Database;
  let testnets: StandInTestnets;
  const servers: ServerProcess[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    testnets = await startStandInTestnets();
    target = await createEmptyPostgresDatabase();
    const upstream = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: upstream.hostname, port: Number(upstream.port || 5432) });
    // The two share the EVM networks' nodes, named by URL as several processes must be (docs/operations.md).
    const env = { DATABASE_URL: proxy.rewrite(target.url), ...testnets.env, CHAIN_TIME_SCALE: '60', RATE_LIMIT_SEND_PER_USER: '1000000', PRICE_API_URL: '', ...BOUNDS };
    // The first one migrates; then both lead or follow the chain clock between them.
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
    database = await openDatabase({ kind: 'postgres', url: target.url }, { shouldMigrate: false });
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await proxy?.close();
    await database?.close();
    await target?.drop();
    await testnets?.stop();
  }, 60_000);

  it('answers 503 at once while it is away, then works again without a restart: nothing lost or doubled', async () => {
    const [one, other] = servers as [ServerProcess, ServerProcess];
    const pids = servers.map((server) => server.child.pid);
    const accounts: Account[] = [];
    for (const [name, server] of [['Ann', one], ['Ben', other]] as const) {
      const user = await signUpOverHttp(server.url, name);
      accounts.push({ user, wallets: [] });
    }
    for (const account of accounts) account.wallets = await walletsWithGrants(one.url, account.user);
    const [ann, ben] = accounts as [Account, Account];
    // Ann listens on one process, Ben on the other: events cross between them through PostgreSQL.
    const annSocket = await openSocket(one.url, ann.user.cookie);
    const benSocket = await openSocket(other.url, ben.user.cookie);
    sockets.push(annSocket.socket, benSocket.socket);

    const planner = createSendPlanner(accounts, seededRandom(7));
    const { planned } = planner;
    /** Sends answered 503 (and when), to be sent again once the database is back. */
    const refused = new Map<PlannedSend, number>();
    const problems: string[] = [];
    const timings: { what: string; ms: number; status: number }[] = [];

    /** Any answer but 201 or the 503 is a problem; so is no answer. 503s are kept to be sent again later. */
    const send = async (url: string, request: PlannedSend, what: string) => {
      const startedAt = Date.now();
      try {
        const response = await postPlanned(url, request);
        timings.push({ what, ms: Date.now() - startedAt, status: response.status });
        if (response.status === 201) {
          if (!request.answer) request.answer = { status: 201, text: response.text };
          else if (request.answer.text !== response.text) problems.push(`${request.key} answered differently: ${request.answer.text} then ${response.text}`);
        } else if (response.status === 503 && JSON.stringify(response.json()) === JSON.stringify(UNAVAILABLE)) {
          if (!request.answer && !refused.has(request)) refused.set(request, Date.now());
        } else {
          problems.push(`${what} ${request.key} answered ${response.status}: ${response.text}`);
        }
        return response.status;
      } catch (error) {
        problems.push(`${what} ${request.key} got no answer: ${String(error)}`);
        return undefined;
      }
    };
    const read = async (url: string, path: string, cookie?: string) => {
      const startedAt = Date.now();
      const response = await http(url, 'GET', path, { cookie });
      timings.push({ what: `GET ${path}`, ms: Date.now() - startedAt, status: response.status });
      return response;
    };

    const load = { isOver: false };
    const workers = Array.from({ length: WORKERS }, async (_, i) => {
      while (!load.isOver) {
        // A client told to try again shortly waits a little first.
        if ((await send(servers[i % 2]!.url, planner.plan(), 'load')) === 503) await delay(100);
      }
    });
    const awayMs: Record<StoppedMode, number> = { reset: 0, hold: 0, blackhole: 0 };
    const answeredCount = () => planned.filter((request) => request.answer).length;

    // Connections reset (PostgreSQL going down), new ones hanging (an unreachable host), and a network gone
    // silent under open connections (nothing closed, nothing answered: only timeouts notice).
    for (const mode of ['reset', 'hold', 'blackhole'] satisfies StoppedMode[]) {
      const before = answeredCount();
      await waitUntil(async () => answeredCount() >= before + 2 * WORKERS, 30_000, 'sends to go through');

      proxy.stop(mode);
      const stoppedAt = Date.now();
      // Every kind of request answers, and says what is wrong: a send, a signed-in read, the health check.
      await Promise.all(
        servers.map(async (server, i) => {
          const account = accounts[i]!;
          const [sent, ...reads] = await Promise.all([
            send(server.url, planner.plan({ from: account }), `send while the database is away (${mode})`),
            ...(['/api/wallets', '/api/health'] as const).map(async (path) => {
              const response = await read(server.url, path, account.user.cookie);
              return { path, status: response.status, body: response.json() };
            }),
          ]);
          expect(sent).toBe(503);
          expect(reads).toEqual([
            { path: '/api/wallets', status: 503, body: UNAVAILABLE },
            { path: '/api/health', status: 503, body: UNAVAILABLE },
          ]);
        }),
      );
      const refusedUnderLoad = () => timings.filter((timing) => timing.what === 'load' && timing.status === 503).length;
      const refusedBefore = refusedUnderLoad();
      await waitUntil(async () => refusedUnderLoad() >= refusedBefore + WORKERS, 30_000, `the load to be answered 503 (${mode})`);
      awayMs[mode] = Date.now() - stoppedAt;

      proxy.resume();
      // Back without a restart: each process sends, reads and checks health again.
      await waitUntil(
        async () => {
          const answers = await Promise.all(
            servers.map(async (server, i) => [
              await send(server.url, planner.plan({ from: accounts[i]! }), 'send after the database is back'),
              (await read(server.url, '/api/wallets', accounts[i]!.user.cookie)).status,
              (await read(server.url, '/api/health')).status,
            ]),
          );
          return answers.flat().every((status) => status === 201 || status === 200);
        },
        30_000,
        `both processes to work again after the database came back (${mode})`,
      );
    }
    load.isOver = true;
    await Promise.all(workers);

    // Nobody got a 500, a hang or a dropped connection; nothing waited longer than the pool's connection timeout.
    expect(problems).toEqual([]);
    expect(timings.filter((timing) => timing.ms > ANSWER_WITHIN_MS)).toEqual([]);
    expect(timings.filter((timing) => timing.status === 503).length).toBeGreaterThan(0);
    for (const server of servers) {
      expect(server.child.exitCode).toBeNull();
      expect(server.child.signalCode).toBeNull();
      // The outage is logged as a warning about the database, never as a failed request.
      expect(server.output()).not.toMatch(/"msg":"request failed"/);
    }
    expect(servers.map((server) => server.child.pid)).toEqual(pids);

    // The client sends the refused ones again with the same key and body: each happens once, even one
    // whose first attempt reached the database before the connection dropped.
    for (const request of refused.keys()) {
      const status = await send(one.url, request, 'retry after the outage');
      expect(status).toBe(201);
    }
    // Those the database had written before the connection dropped under them: the retry replayed them.
    const writtenBefore503 = [...refused].filter(([request, answeredAt]) => {
      const { transaction } = JSON.parse(request.answer!.text) as SendResponse;
      return Date.parse(transaction.timestamp) < answeredAt;
    });
    // And every answer it got stays the answer.
    for (const request of planned) await send(other.url, request, 'replay');
    expect(problems).toEqual([]);
    expect(planned.every((request) => request.answer?.status === 201)).toBe(true);
    const hashes = new Set(planned.map((request) => (JSON.parse(request.answer!.text) as SendResponse).transaction.hash));
    expect(hashes.size).toBe(planned.length);
    const userIds = accounts.map((account) => account.user.id);
    const sendRows = await database.db
      .select({ hash: transactions.hash })
      .from(transactions)
      .where(and(eq(transactions.type, 'send'), inArray(transactions.userId, userIds)));
    expect(new Set(sendRows.map((row) => row.hash))).toEqual(hashes);
    expect(sendRows.length).toBe(planned.length);
    const [keys] = await database.db.select({ count: count() }).from(idempotencyKeys).where(inArray(idempotencyKeys.userId, userIds));
    expect(keys?.count).toBe(planned.length);
    console.warn(
      `database outage: ${planned.length} sends, ${refused.size} of them answered 503 first and sent again ` +
        `(${writtenBefore503.length} already written); ` +
        `away ${awayMs.reset} ms (connections reset), ${awayMs.hold} ms (connections hang), ${awayMs.blackhole} ms (network silent)`,
    );

    // Events still cross between the processes both ways (their LISTEN connections came back), and the
    // chain clock runs again in one of them.
    for (const [from, to, server, socket] of [
      [ann, ben, one, benSocket],
      [ben, ann, other, annSocket],
    ] as const) {
      const updatesOf = (hash: string) =>
        socket.received
          .filter((item) => item.event === 'transaction_update')
          .map((item) => (item.payload as RealtimeEvents['transaction_update']).transaction)
          .filter((transaction) => transaction.hash === hash);
      // The send's own event comes from the process that took the send; until its LISTEN connection is back
      // the other process misses it, so send again (each one counts in the balances) for a bounded while.
      let delivered: string | undefined;
      await waitUntil(
        async () => {
          const request = planner.plan({ from, to });
          expect(await send(server.url, request, 'send after the outage')).toBe(201);
          const { hash } = (JSON.parse(request.answer!.text) as SendResponse).transaction;
          const deadline = Date.now() + 3_000;
          while (Date.now() < deadline) {
            if (updatesOf(hash).some((transaction) => transaction.confirmations === 0)) {
              delivered = hash;
              return true;
            }
            await delay(100);
          }
          return false;
        },
        30_000,
        `a send's news to reach the other process's socket`,
      );
      // The confirmations come from whichever process leads the clock.
      await waitUntil(
        async () => updatesOf(delivered!).some((transaction) => transaction.confirmations === MAX_CONFIRMATIONS),
        30_000,
        `the twelfth confirmation of ${delivered}`,
      );
    }
    expect(annSocket.socket.connected && benSocket.socket.connected).toBe(true);

    await waitUntil(
      async () => {
        const [unfinished] = await database.db.select({ count: count() }).from(transactions).where(lt(transactions.confirmations, MAX_CONFIRMATIONS));
        return unfinished?.count === 0;
      },
      60_000,
      'every transaction to reach 12 confirmations',
    );
    await expectBalancesMatchAnswers(one.url, accounts, planned);
    await expectLedgerBalanced(database.db);
    const chains = await checkLedgerAndChains(database.db, testnets.chains);
    expect(chains.chains.map((chain) => chain.pending)).toEqual([0, 0, 0]);
    expect(chains.breaches).toEqual([]);
  }, 240_000);
});
