import { randomUUID } from 'node:crypto';
import { MAX_CONFIRMATIONS, type RealtimeEvents, type WalletView } from '@fincrypt/domain';
import { count, eq, lt } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { transactions } from '../db/schema.ts';
import { expectLedgerBalanced, externalAddress } from '../test/ledger-client.ts';
import { http, type HttpUser, type ServerProcess, signUpOverHttp, startServerProcess } from '../test/server-process.ts';
import { createEmptyPostgresDatabase, testDatabaseKinds } from '../test/test-database.ts';

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

/** Real server processes on one real PostgreSQL: what app.inject cannot show. */
describe.runIf(testDatabaseKinds().includes('postgres'))('server processes on one PostgreSQL', () => {
  let target: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let database: Database;
  const servers: ServerProcess[] = [];
  const start = async () => {
    const server = await startServerProcess({ DATABASE_URL: target.url, CHAIN_TIME_SCALE: SCALE, RATE_LIMIT_SEND_PER_USER: '10000' });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    target = await createEmptyPostgresDatabase();
    // The first server migrates; this handle is only for reading.
    await start();
    database = await openDatabase({ kind: 'postgres', url: target.url }, { shouldMigrate: false });
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await database?.close();
    await target?.drop();
  }, 60_000);

  it('survives SIGKILL with sends in flight: nothing lost or doubled, pending transactions go on to 12', async () => {
    const first = servers[0]!;
    const alice = await signUpOverHttp(first.url, 'Alice');
    const bob = await signUpOverHttp(first.url, 'Bob');
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
  }, 120_000);

  it('delivers an event from a send on one process to a socket held by another', async () => {
    const [one] = servers.filter((server) => server.child.exitCode === null && server.child.signalCode === null);
    const other = await start();
    const alice = await signUpOverHttp(one!.url, 'Carol');
    const bob = await signUpOverHttp(one!.url, 'Dave');
    const socket = io(other.url, { transports: ['websocket'], extraHeaders: { cookie: bob.cookie }, reconnection: false });
    try {
      const received: { event: keyof RealtimeEvents; payload: unknown }[] = [];
      socket.onAny((event, payload) => received.push({ event, payload }));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const aliceSol = (await walletsOf(one!.url, alice)).find((wallet) => wallet.network === 'solana_devnet')!;
      const bobSol = (await walletsOf(one!.url, bob)).find((wallet) => wallet.network === 'solana_devnet')!;
      const sent = await http(one!.url, 'POST', '/api/transactions', {
        cookie: alice.cookie,
        body: { walletId: aliceSol.id, to: bobSol.address, amount: '1.25', speed: 'fast' },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(sent.status).toBe(201);
      const hash = sent.json().transaction.hash;
      await waitUntil(async () => received.some((item) => item.event === 'balance_update'), 10_000, 'the balance event on the other process');
      expect(received.find((item) => item.event === 'balance_update')?.payload).toEqual({
        walletId: bobSol.id,
        network: 'solana_devnet',
        newBalance: '101.2500',
        newBalanceUnits: '101250000000',
      });
      // Confirmations come from whichever process leads the clock, and still reach this socket.
      await waitUntil(
        async () =>
          received.some(
            (item) =>
              item.event === 'transaction_update' &&
              (item.payload as RealtimeEvents['transaction_update']).transaction.hash === hash &&
              (item.payload as RealtimeEvents['transaction_update']).transaction.confirmations === MAX_CONFIRMATIONS,
          ),
        20_000,
        'the twelfth confirmation on the other process',
      );
      expect(received.every((item) => item.event !== 'fraud_alert')).toBe(true);
    } finally {
      socket.close();
    }
  }, 90_000);
});
