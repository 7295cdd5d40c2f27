import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { EXPLORER_REALTIME_NAMESPACE, REALTIME_PATH, type TransactionView } from '@fincrypt/domain';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { simulatedParticipants } from '../../db/schema.ts';
import { call } from '../../test/auth-client.ts';
import { claimFaucet, postSend, walletOn } from '../../test/ledger-client.ts';
import { fundedUser, includePending } from '../../test/chain-steps.ts';
import { TEST_ORIGIN, useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';

/** Key names a public payload must never carry: who someone is, their account, their preferences, their alerts. */
const PRIVATE_KEY = /email|^name$|user|wallet|currency|alert|quote|password|session|cookie|counterparty|^id$|idempotency|reference|valueSource|senderValue|recipientValue|risk|reason/i;

/** Every key at every depth: `path` for the message. */
function* keysOf(value: unknown, path = '$'): Generator<{ key: string; path: string }> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* keysOf(item, `${path}[${index}]`);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      yield { key, path: `${path}.${key}` };
      yield* keysOf(item, `${path}.${key}`);
    }
  }
}

function* stringsOf(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* stringsOf(item);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) yield* stringsOf(item);
}

function openExplorerSocket(url: string, origin: string = TEST_ORIGIN): Socket {
  return io(`${url}${EXPLORER_REALTIME_NAMESPACE}`, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    extraHeaders: { origin },
    reconnection: false,
    timeout: 5_000,
  });
}

const outcome = (socket: Socket) =>
  new Promise<string>((resolve) => {
    socket.on('connect', () => resolve('connected'));
    socket.on('connect_error', (error) => resolve(error.message));
  });

// Ethereum Sepolia on a local Anvil (its indexer's events), Solana Devnet and Polygon Amoy on the simulated clock's.
describeEachDatabase('public explorer privacy', (kind) => {
  const ctx = useTestApp(kind, { config: { chain: loadConfig({ CHAIN_TIME_SCALE: '10000' }).chain } });
  let url = '';
  const sockets: Socket[] = [];

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  it('lets anyone join the public channel without a cookie, from a trusted origin only', async () => {
    const foreign = openExplorerSocket(url, 'https://evil.example');
    sockets.push(foreign);
    expect(await outcome(foreign)).not.toBe('connected');
    const anyone = openExplorerSocket(url);
    sockets.push(anyone);
    expect(await outcome(anyone)).toBe('connected');
  });

  it('carries no private field in any key of any public event or any explorer response', async () => {
    const socket = openExplorerSocket(url);
    sockets.push(socket);
    expect(await outcome(socket)).toBe('connected');
    const heard: { event: string; payload: unknown }[] = [];
    socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));

    // Two people with names and emails; sends between them and outside, a faucet claim, a simulated participant.
    const { user: alice } = await fundedUser(ctx, { name: 'Alice Privateperson' });
    const { user: bob } = await fundedUser(ctx, { name: 'Bob Secretname' });
    const aliceEth = await walletOn(ctx.app, alice, 'eth_sepolia');
    const bobEth = await walletOn(ctx.app, bob, 'eth_sepolia');
    const aliceSol = await walletOn(ctx.app, alice, 'solana_devnet');
    const bobSol = await walletOn(ctx.app, bob, 'solana_devnet');
    const sends = [
      await postSend(ctx.app, alice, { walletId: aliceEth.id, to: bobEth.address, amount: '0.01' }),
      await postSend(ctx.app, alice, { walletId: aliceEth.id, to: bobEth.address, amount: '2', asset: 'USDC' }),
      await postSend(ctx.app, bob, { walletId: bobSol.id, to: aliceSol.address, amount: '0.02' }),
    ];
    for (const response of sends) expect(response.statusCode, response.body).toBe(201);
    const hashes = sends.map((response) => (response.json().transaction as TransactionView).hash);
    expect((await claimFaucet(ctx.app, bob, (await walletOn(ctx.app, bob, 'polygon_amoy')).id)).statusCode).toBe(201);
    await ctx.database.db
      .insert(simulatedParticipants)
      .values({ userId: bob.id, key: `bob-${randomUUID()}`, label: 'Simulated · Bob, merchant in Lagos', role: 'merchant', currency: 'GBP' });
    await includePending(ctx);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await ctx.app.ledger.clock.tick(Date.now());

    // Every explorer route the app has, with real parameters.
    const explorerRoutes = ctx.app.routeTable.filter((route) => route.url.startsWith('/api/explorer')).map((route) => `${route.method} ${route.url}`);
    const blockOf = (await call(ctx.app, 'GET', `/api/explorer/tx/${hashes[0]}`)).json().blockNumber as number;
    const requests: Record<string, string[]> = {
      'GET /api/explorer/search': [`/api/explorer/search?q=${hashes[0]}`, `/api/explorer/search?q=${aliceEth.address}`],
      'GET /api/explorer/tx/:hash': hashes.map((hash) => `/api/explorer/tx/${hash}`),
      'GET /api/explorer/transactions': ['/api/explorer/transactions', '/api/explorer/transactions?network=eth_sepolia'],
      'GET /api/explorer/blocks': ['/api/explorer/blocks'],
      'GET /api/explorer/stats': ['/api/explorer/stats'],
      'GET /api/explorer/labels': ['/api/explorer/labels'],
      'GET /api/explorer/address/:address': [aliceEth.address, bobEth.address, aliceSol.address, bobSol.address].map((address) => `/api/explorer/address/${address}`),
      'GET /api/explorer/block/:network/:number': [`/api/explorer/block/eth_sepolia/${blockOf}`],
    };
    expect(explorerRoutes.filter((route) => !route.startsWith('HEAD ')).sort()).toEqual(Object.keys(requests).sort());
    const bodies: { url: string; body: unknown }[] = [];
    for (const urls of Object.values(requests)) {
      for (const requestUrl of urls) {
        const response = await call(ctx.app, 'GET', requestUrl);
        expect(response.statusCode, `${requestUrl}: ${response.body}`).toBe(200);
        bodies.push({ url: requestUrl, body: response.json() });
      }
    }

    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard.filter((item) => item.event === 'explorer_transaction').length).toBeGreaterThanOrEqual(hashes.length * 2);
    expect(heard.some((item) => item.event === 'explorer_block')).toBe(true);
    // The public channel never carries a user's events.
    expect(heard.every((item) => item.event.startsWith('explorer_'))).toBe(true);

    const secrets = [alice, bob].flatMap((user) => [user.email, user.name, user.id]).concat([aliceEth.id, bobEth.id, aliceSol.id, bobSol.id], ['GBP']);
    const everything = [...heard.map((item) => ({ url: `socket ${item.event}`, body: item.payload })), ...bodies];
    for (const { url: where, body } of everything) {
      for (const { key, path } of keysOf(body)) expect(PRIVATE_KEY.test(key), `${where} ${path}`).toBe(false);
      for (const text of stringsOf(body)) {
        for (const secret of secrets) expect(text.includes(secret), `${where} carries ${secret}`).toBe(false);
      }
    }
  });
});
