import type { AddressInfo } from 'node:net';
import { MAX_CONFIRMATIONS, type RealtimeEvents } from '@fincrypt/domain';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { secretFromOtpauthUri, totpCode } from '@fincrypt/test-support';
import { buildApp } from '../app.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { call, cookiesFrom, signIn, signUp, uniqueEmail } from '../test/auth-client.ts';
import { externalAddress, postSend, walletOn } from '../test/ledger-client.ts';
import { fundedUser, includePending } from '../test/chain-steps.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { TEST_ORIGIN, testConfig, useTestApp } from '../test/test-app.ts';
import { createEmptyPostgresDatabase, describeEachDatabase, describeOnPostgres } from '../test/test-database.ts';

type Received = { [E in keyof RealtimeEvents]?: RealtimeEvents[E][] };

function connect(url: string, options: { cookie?: string; origin?: string; transports?: ('websocket' | 'polling')[] }) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  return io(url, { transports: options.transports ?? ['websocket'], extraHeaders: headers, reconnection: false, timeout: 5_000 });
}

/** Resolves 'connected' or the connect error's message. */
function outcome(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    socket.on('connect', () => resolve('connected'));
    socket.on('connect_error', (error) => resolve(error.message));
  });
}

/** Resolves with the reason once the socket is disconnected. */
function disconnection(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

function record(socket: Socket): Received {
  const received: Received = {};
  socket.onAny((event: keyof RealtimeEvents, payload) => {
    (received[event] ??= [] as never[]).push(payload as never);
  });
  return received;
}

async function eventually(check: () => void | Promise<void>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

// Polygon Amoy on a local Anvil, as `npm start` runs it.
describeEachDatabase('realtime (socket.io)', (kind) => {
  const ctx = useTestApp(kind, { chain: { network: 'polygon_amoy' } });
  let url = '';
  const sockets: Socket[] = [];
  const open = (options: Parameters<typeof connect>[1]) => {
    const socket = connect(url, options);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  it('refuses a handshake without a live session, from a foreign origin, or over polling', async () => {
    const user = await signUp(ctx.app);
    expect(await outcome(open({}))).toBe('unauthorized');
    expect(await outcome(open({ cookie: 'fincrypt.session_token=forged.value' }))).toBe('unauthorized');
    expect(await outcome(open({ cookie: user.cookie, origin: 'https://evil.example' }))).not.toBe('connected');
    expect(await outcome(open({ cookie: user.cookie, transports: ['polling'] }))).not.toBe('connected');
    expect(await outcome(open({ cookie: user.cookie, origin: TEST_ORIGIN }))).toBe('connected');
  });

  it('refuses an opaque (null) Origin and the cookie of a session that has ended', async () => {
    const user = await signUp(ctx.app);
    expect(await outcome(open({ cookie: user.cookie, origin: 'null' }))).not.toBe('connected');
    const signedOut = await signUp(ctx.app);
    expect((await call(ctx.app, 'POST', '/api/auth/sign-out', { cookie: signedOut.cookie, body: {} })).statusCode).toBe(200);
    expect(await outcome(open({ cookie: signedOut.cookie, origin: TEST_ORIGIN }))).toBe('unauthorized');
  });

  it("closes a session's sockets when it ends: the others' at a password change, this one's at sign-out", async () => {
    const user = await signUp(ctx.app);
    const elsewhereCookie = cookiesFrom(await signIn(ctx.app, user.email, user.password));
    const here = open({ cookie: user.cookie });
    const elsewhere = open({ cookie: elsewhereCookie });
    expect(await Promise.all([outcome(here), outcome(elsewhere)])).toEqual(['connected', 'connected']);
    const hereClosed = disconnection(here);
    const elsewhereClosed = disconnection(elsewhere);

    const change = await call(ctx.app, 'POST', '/api/account/password', {
      cookie: user.cookie,
      body: { currentPassword: user.password, newPassword: 'another-horse-2' },
    });
    expect(change.statusCode).toBe(200);
    expect(await elsewhereClosed).toBe('io server disconnect');
    expect(here.connected).toBe(true);

    // This tab's socket now belongs to the renewed session, so signing that out closes it.
    const renewedCookie = cookiesFrom(change);
    expect((await call(ctx.app, 'POST', '/api/auth/sign-out', { cookie: renewedCookie, body: {} })).statusCode).toBe(200);
    expect(await hereClosed).toBe('io server disconnect');
  });

  it("tells the user's other sessions when the email changes and when 2FA goes on or off", async () => {
    const user = await signUp(ctx.app);
    const otherDevice = cookiesFrom(await signIn(ctx.app, user.email, user.password));
    const elsewhere = open({ cookie: otherDevice });
    expect(await outcome(elsewhere)).toBe('connected');
    const received = record(elsewhere);

    const enable = await call(ctx.app, 'POST', '/api/auth/two-factor/enable', { cookie: user.cookie, body: { password: user.password } });
    const secret = secretFromOtpauthUri(enable.json().totpURI);
    const confirm = await call(ctx.app, 'POST', '/api/auth/two-factor/verify-totp', { cookie: user.cookie, body: { code: totpCode(secret) } });
    expect(confirm.statusCode).toBe(200);
    const cookie = cookiesFrom(confirm);
    await eventually(() => expect(received.profile_update).toEqual([{ name: user.name, email: user.email, avatar: 'preset-1' }]));
    // A tab of the session that turns 2FA off (which replaces that session) is not told: it has its answer.
    const here = open({ cookie });
    expect(await outcome(here)).toBe('connected');
    const receivedHere = record(here);

    const newEmail = uniqueEmail('moved');
    const moved = await call(ctx.app, 'PATCH', '/api/account/profile', {
      cookie,
      body: { name: user.name, email: newEmail, avatar: 'preset-1', currentPassword: user.password, code: totpCode(secret, Date.now() + 30_000) },
    });
    expect(moved.statusCode).toBe(200);
    await eventually(() => expect(received.profile_update?.at(-1)).toEqual({ name: user.name, email: newEmail, avatar: 'preset-1' }));

    const disable = await call(ctx.app, 'POST', '/api/auth/two-factor/disable', {
      cookie,
      body: { password: user.password, code: enable.json().backupCodes[0] },
    });
    expect(disable.statusCode).toBe(200);
    await eventually(() => expect(received.profile_update).toHaveLength(3));
    expect(Object.keys(received)).toEqual(['profile_update']);
    expect(receivedHere.profile_update).toEqual([{ name: user.name, email: newEmail, avatar: 'preset-1' }]);
  });

  it("delivers a send's events to the sender's and the recipient's sockets, and to no one else", async () => {
    const { user: alice } = await fundedUser(ctx);
    const { user: bob } = await fundedUser(ctx);
    const { user: eve } = await fundedUser(ctx);
    // Their grants settle before the sockets open: every event after is the payment's.
    await includePending(ctx, MAX_CONFIRMATIONS);
    const [aliceSocket, bobSocket, eveSocket] = [open({ cookie: alice.cookie }), open({ cookie: bob.cookie }), open({ cookie: eve.cookie })];
    expect(await Promise.all([outcome(aliceSocket), outcome(bobSocket), outcome(eveSocket)])).toEqual(['connected', 'connected', 'connected']);
    const [toAlice, toBob, toEve] = [record(aliceSocket), record(bobSocket), record(eveSocket)];

    const from = await walletOn(ctx.app, alice, 'polygon_amoy');
    const to = await walletOn(ctx.app, bob, 'polygon_amoy');
    const sent = await postSend(ctx.app, alice, { walletId: from.id, to: to.address, amount: '2' });
    expect(sent.statusCode).toBe(201);
    const hash = sent.json().transaction.hash;
    await eventually(() => {
      const { wallet } = sent.json();
      expect(toAlice.balance_update).toEqual([
        { walletId: from.id, network: 'polygon_amoy', asset: 'MATIC', newBalance: wallet.balance, newBalanceUnits: wallet.balanceUnits, balances: wallet.balances },
      ]);
      expect(toAlice.transaction_update?.[0]?.transaction).toMatchObject({ hash, type: 'send', status: 'pending' });
      // On its way to Bob, not yet his to spend: a block has not included it.
      expect(toBob.balance_update).toMatchObject([{ walletId: to.id, network: 'polygon_amoy', asset: 'MATIC', newBalance: '100.0000', newBalanceUnits: (100n * 10n ** 18n).toString() }]);
      const bobBalances = (toBob.balance_update?.[0] as { balances: { asset: string; balance: string; incomingUnits?: string }[] }).balances;
      expect(bobBalances.map((entry) => [entry.asset, entry.balance, entry.incomingUnits])).toEqual([
        ['MATIC', '100.0000', (2n * 10n ** 18n).toString()],
        ['USDC', '1000.00', undefined],
      ]);
      expect(toBob.transaction_update?.[0]?.transaction).toMatchObject({ hash, type: 'receive' });
      expect(toBob.transaction_status).toEqual([{ hash, network: 'polygon_amoy', status: 'pending' }]);
    });
    expect(toAlice.fraud_alert?.[0]).toMatchObject({ level: 'low', message: 'Unfamiliar receiving address' });

    await includePending(ctx, MAX_CONFIRMATIONS);
    await eventually(() => {
      expect(toAlice.transaction_status?.at(-1)).toEqual({ hash, network: 'polygon_amoy', status: 'confirmed' });
      expect(toBob.transaction_update?.at(-1)?.transaction).toMatchObject({ hash, type: 'receive', status: 'confirmed', confirmations: MAX_CONFIRMATIONS });
      expect(toBob.balance_update?.at(-1)).toMatchObject({ walletId: to.id, newBalance: '102.0000' });
    });
    const aliceUpdates = toAlice.balance_update?.length ?? 0;

    const profile = await call(ctx.app, 'PATCH', '/api/account/profile', { cookie: eve.cookie, body: { name: 'Eve Renamed', email: eve.email, avatar: 'preset-3' } });
    expect(profile.statusCode).toBe(200);
    await eventually(() => expect(toEve.profile_update).toEqual([{ name: 'Eve Renamed', email: eve.email, avatar: 'preset-3' }]));
    const other = await postSend(ctx.app, alice, { walletId: from.id, to: externalAddress('polygon_amoy'), amount: '1' });
    expect(other.statusCode).toBe(201);
    await eventually(() => expect(toAlice.balance_update).toHaveLength(aliceUpdates + 1));
    expect(Object.keys(toEve)).toEqual(['profile_update']);
  });
});

/**
 * Two server processes on one PostgreSQL (two apps in this one), the first reaching it through a proxy whose
 * network goes silent then comes back: the socket.io adapter's LISTEN connection hears nothing in between, and
 * only its heartbeat can tell it is dead. Once it listens anew, signing out on the second process closes the
 * session's socket held by the first.
 */
describeOnPostgres('realtime across processes after a silent network', () => {
  let target: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let proxy: TcpProxy;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    target = await createEmptyPostgresDatabase();
    const upstream = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: upstream.hostname, port: Number(upstream.port || 5432) });
    const bounds = { connectionTimeoutMs: 1_000, queryTimeoutMs: 1_000, heartbeatMs: 300 };
    databases.push(await openDatabase({ kind: 'postgres', url: proxy.rewrite(target.url) }, { postgres: bounds }));
    databases.push(await openDatabase({ kind: 'postgres', url: target.url }, { shouldMigrate: false, postgres: bounds }));
    for (const database of databases) {
      const app = await buildApp({ logger: false, config: testConfig(), database, isRealtimeShared: true });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
    }
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    proxy?.resume();
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await proxy?.close();
    await target?.drop();
  }, 60_000);

  it("closes a session's socket held by the other process once the network is back", async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const firstUrl = `http://127.0.0.1:${(first.server.address() as AddressInfo).port}`;
    const user = await signUp(second);

    proxy.stop('blackhole');
    // Long enough for several heartbeats to go unanswered.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    proxy.resume();

    // Each try: a new session, its socket on the first process, signed out on the second.
    await eventually(async () => {
      const cookie = cookiesFrom(await signIn(second, user.email, user.password));
      const socket = connect(firstUrl, { cookie });
      sockets.push(socket);
      if ((await outcome(socket)) !== 'connected') throw new Error('the first process did not take the socket yet');
      const closed = disconnection(socket);
      expect((await call(second, 'POST', '/api/auth/sign-out', { cookie, body: {} })).statusCode).toBe(200);
      const reason = await Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 2_000))]);
      socket.close();
      expect(reason).toBe('io server disconnect');
    }, 30_000);
  }, 60_000);
});
