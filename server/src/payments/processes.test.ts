import { randomUUID } from 'node:crypto';
import { MAX_CONFIRMATIONS, type RealtimeEvents, type WalletView } from '@fincrypt/domain';
import { count, eq, lt } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { transactions } from '../db/schema.ts';
import { walletsWithGrants } from '../faults/testing/send-load.ts';
import { expectLedgerBalanced, externalAddress } from '../test/ledger-client.ts';
import { type StandInTestnets, startStandInTestnets } from '../test/local-chain.ts';
import { checkLedgerAndChains } from './ledger-vs-chain.ts';
import { http, type HttpUser, type ServerProcess, signUpOverHttp, startServerProcess } from '@fincrypt/test-support';
import { createEmptyPostgresDatabase, describeOnPostgres } from '../test/test-database.ts';

const SCALE = '60';

async function walletsOf(url: string, user: HttpUser): Promise<WalletView[]> {
  const response = await http(url, 'GET', '/api/wallets', { cookie: user.cookie });
  expect(response.status).toBe(200);
  return response.json().wallets;
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Real server processes on one real PostgreSQL: what app.inject cannot show. They share the EVM networks' nodes,
 * named by URL as several processes must be (docs/operations.md): local nodes stand in for the testnets.
 */
describeOnPostgres('server processes on one PostgreSQL, sharing the nodes named by URL', () => {
  let target: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let database: Database;
  let testnets: StandInTestnets;
  const servers: ServerProcess[] = [];
  const start = async () => {
    // CHAIN_TIME_SCALE: Solana Devnet's slots.
    const server = await startServerProcess({ DATABASE_URL: target.url, ...testnets.env, CHAIN_TIME_SCALE: SCALE, RATE_LIMIT_SEND_PER_USER: '10000' });
    servers.push(server);
    return server;
  };
  /** The book against both nodes and the Solana runtime, as `npm run ledger:check` compares them. */
  const bookAgainstChains = () => checkLedgerAndChains(database.db, testnets.chains);

  beforeAll(async () => {
    testnets = await startStandInTestnets();
    target = await createEmptyPostgresDatabase();
    // The first server migrates; this handle is only for reading.
    await start();
    database = await openDatabase({ kind: 'postgres', url: target.url }, { shouldMigrate: false });
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await database?.close();
    await target?.drop();
    await testnets?.stop();
  }, 60_000);

  it('survives SIGKILL with sends in flight: nothing lost or doubled, pending transactions go on to 12', async () => {
    const first = servers[0]!;
    const alice = await signUpOverHttp(first.url, 'Alice');
    const bob = await signUpOverHttp(first.url, 'Bob');
    await walletsWithGrants(first.url, alice);
    await walletsWithGrants(first.url, bob);
    const aliceWallets = await walletsOf(first.url, alice);
    const bobWallets = await walletsOf(first.url, bob);
    const requests = Array.from({ length: 80 }, (_, i) => {
      const from = aliceWallets[i % 3]!;
      const to = i % 2 === 0 ? bobWallets.find((wallet) => wallet.network === from.network)!.address : externalAddress(from.network);
      return { key: randomUUID(), body: { walletId: from.id, to, amount: '0.5', speed: (['slow', 'normal', 'fast'] as const)[i % 3] } };
    });
    const send = (url: string, request: (typeof requests)[number]) =>
      http(url, 'POST', '/api/transactions', { cookie: alice.cookie, body: request.body, headers: { 'idempotency-key': request.key } });

    let answered = 0;
    let onTenAnswered = () => {};
    const tenAnswered = new Promise<void>((resolve) => (onTenAnswered = resolve));
    const inFlight = requests.map((request) =>
      send(first.url, request).then(
        (response) => {
          answered += 1;
          if (answered === 10) onTenAnswered();
          return response;
        },
        () => undefined,
      ),
    );
    await tenAnswered;
    await first.stop('SIGKILL');
    const beforeKill = await Promise.all(inFlight);
    const answeredBeforeKill = beforeKill.filter((response) => response !== undefined);
    expect(answeredBeforeKill.length).toBeGreaterThanOrEqual(10);
    expect(answeredBeforeKill.length).toBeLessThan(requests.length);
    const [unfinishedAtKill] = await database.db.select({ count: count() }).from(transactions).where(lt(transactions.confirmations, MAX_CONFIRMATIONS));
    expect(unfinishedAtKill?.count).toBeGreaterThan(0);
    await expectLedgerBalanced(database.db);

    const restarted = await start();
    const retried: Awaited<ReturnType<typeof send>>[] = [];
    for (const request of requests) retried.push(await send(restarted.url, request));
    expect(retried.map((response) => response.status)).toEqual(Array(requests.length).fill(201));
    // A send answered before the kill is replayed, not sent again.
    beforeKill.forEach((response, i) => {
      if (response) expect(retried[i]!.json()).toEqual(response.json());
    });
    const hashes = new Set(retried.map((response) => response.json().transaction.hash));
    expect(hashes.size).toBe(requests.length);
    const [sends] = await database.db.select({ count: count() }).from(transactions).where(eq(transactions.type, 'send'));
    expect(sends?.count).toBe(requests.length);
    await expectLedgerBalanced(database.db);

    await waitUntil(
      async () => {
        const [unfinished] = await database.db.select({ count: count() }).from(transactions).where(lt(transactions.confirmations, MAX_CONFIRMATIONS));
        return unfinished?.count === 0;
      },
      30_000,
      'every transaction to reach 12 confirmations',
    );
    const aliceAfter = await walletsOf(restarted.url, alice);
    const bobAfter = await walletsOf(restarted.url, bob);
    for (const wallet of bobAfter) {
      // 40 internal sends of 0.5, spread over three networks
      const received = requests.filter((request, i) => i % 2 === 0 && aliceWallets[i % 3]!.network === wallet.network).length;
      expect(wallet.balance).toBe((100 + received * 0.5).toFixed(4));
    }
    expect(aliceAfter.every((wallet) => Number(wallet.balance) < 100 - 13)).toBe(true);
    await expectLedgerBalanced(database.db);
    // The nodes outlived the kill: the restarted process handed over what the first had committed, and the book is the chain.
    const report = await bookAgainstChains();
    expect(report.chains.map((chain) => [chain.network, chain.pending])).toEqual([['eth_sepolia', 0], ['polygon_amoy', 0], ['solana_devnet', 0]]);
    expect(report.breaches).toEqual([]);
  }, 120_000);

  it("scales out: a user on each process sees the other's payment live, while exactly one process advances the chains and indexes the nodes", async () => {
    const [one] = servers.filter((server) => server.child.exitCode === null && server.child.signalCode === null);
    const other = await start();
    const carol = await signUpOverHttp(one!.url, 'Carol');
    const dave = await signUpOverHttp(other.url, 'Dave');
    const listen = async (url: string, user: HttpUser) => {
      const received: { event: keyof RealtimeEvents; payload: unknown }[] = [];
      const socket = io(url, { transports: ['websocket'], extraHeaders: { cookie: user.cookie }, reconnection: false });
      socket.onAny((event, payload) => received.push({ event, payload }));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return { socket, received };
    };
    // Carol is on the first process, Dave on the second; each pays the other through their own process.
    const carolLive = await listen(one!.url, carol);
    const daveLive = await listen(other.url, dave);
    try {
      await walletsWithGrants(one!.url, carol);
      await walletsWithGrants(other.url, dave);
      const carolAmoy = (await walletsOf(one!.url, carol)).find((wallet) => wallet.network === 'polygon_amoy')!;
      const daveAmoy = (await walletsOf(other.url, dave)).find((wallet) => wallet.network === 'polygon_amoy')!;
      const pay = async (url: string, payer: HttpUser, from: WalletView, to: WalletView, amount: string) => {
        const sent = await http(url, 'POST', '/api/transactions', {
          cookie: payer.cookie,
          body: { walletId: from.id, to: to.address, amount, speed: 'fast' },
          headers: { 'idempotency-key': randomUUID() },
        });
        expect(sent.status).toBe(201);
        return sent.json().transaction.hash as string;
      };
      const balanceOf = (live: typeof carolLive, walletId: string) =>
        live.received
          .filter((item) => item.event === 'balance_update')
          .map((item) => item.payload as RealtimeEvents['balance_update'])
          .filter((payload) => payload.walletId === walletId)
          .at(-1)?.newBalance;
      // Each sends through their own process to the one node; the block that includes it reaches the other process.
      const toDave = await pay(one!.url, carol, carolAmoy, daveAmoy, '1.25');
      await waitUntil(async () => balanceOf(daveLive, daveAmoy.id) === '101.2500', 10_000, "Carol's payment on Dave's process");
      const toCarol = await pay(other.url, dave, daveAmoy, carolAmoy, '0.5');
      // Carol paid 1.25 and its fee: only Dave's 0.5 brings her above 98.75.
      await waitUntil(async () => Number(balanceOf(carolLive, carolAmoy.id)) > 98.75, 10_000, "Dave's payment on Carol's process");

      // Confirmations come from whichever process leads the clock, and reach sockets on both.
      const isConfirmed = (live: typeof carolLive, hash: string) =>
        live.received.some(
          (item) =>
            item.event === 'transaction_update' &&
            (item.payload as RealtimeEvents['transaction_update']).transaction.hash === hash &&
            (item.payload as RealtimeEvents['transaction_update']).transaction.confirmations === MAX_CONFIRMATIONS,
        );
      await waitUntil(async () => isConfirmed(daveLive, toDave) && isConfirmed(carolLive, toCarol), 20_000, 'both payments confirmed to 12 on both processes');

      // Exactly one of the two processes ticks the chain clock and indexes the nodes; the other only waits for the lock.
      const clocks = await Promise.all([one!, other].map(async (server) => (await http(server.url, 'GET', '/api/health')).json().chainClock));
      expect(clocks.map((clock) => clock.role).sort()).toEqual(['follower', 'leader']);
      const follower = clocks.findIndex((clock) => clock.role === 'follower');
      const leader = 1 - follower;
      await new Promise((resolve) => setTimeout(resolve, 500));
      const later = await Promise.all([one!, other].map(async (server) => (await http(server.url, 'GET', '/api/health')).json().chainClock));
      expect(later[leader].role).toBe('leader');
      expect(later[leader].ticks).toBeGreaterThan(clocks[leader].ticks);
      expect(later[follower]).toEqual({ role: 'follower', ticks: clocks[follower].ticks });
    } finally {
      carolLive.socket.close();
      daveLive.socket.close();
    }
  }, 90_000);
});
