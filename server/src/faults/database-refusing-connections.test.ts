import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type RouteEntry, buildApp } from '../app.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { type OwnedThings, SAMPLE_REQUESTS, apiRoutes, createOwnedThings, routeKey, urlFor } from '../security/testing/route-samples.ts';
import { syncTreasuryNonce } from '../payments/chain-grants.ts';
import { call } from '../test/auth-client.ts';
import { type TestChain, startTestChain } from '../test/local-chain.ts';
import { TEST_ORIGIN, testConfig } from '../test/test-app.ts';
import { createEmptyPostgresDatabase, describeOnPostgres } from '../test/test-database.ts';

const UNAVAILABLE = { error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is not answering. Please try again shortly.' } };

/** The /api routes that need no database, and why: they answer as usual while it refuses connections. */
const WITHOUT_DATABASE: Record<string, string> = {
  'GET /api/prices': 'served from the price feed held in memory (simulated, or the live cache)',
};
const isWithoutDatabase = (route: RouteEntry) => routeKey(route) in WITHOUT_DATABASE || route.url.startsWith('/api/docs');

/**
 * The database closes itself to connections (SQLSTATE 55000 "database … is not currently accepting
 * connections", as `ALTER DATABASE … ALLOW_CONNECTIONS false` does during maintenance) while the app runs:
 * every route that needs it answers 503 DATABASE_UNAVAILABLE, signed in or not, and all works again once it
 * opens, without a restart. PostgreSQL only: PGlite has no connections to refuse.
 */
describeOnPostgres('a database refusing connections (SQLSTATE 55000)', () => {
  let target: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let name: string;
  let admin: pg.Client;
  let database: Database;
  let app: FastifyInstance;
  let things: OwnedThings;
  let testChain: TestChain;
  const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-no-web-'));

  beforeAll(async () => {
    target = await createEmptyPostgresDatabase();
    name = new URL(target.url).pathname.slice(1);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    database = await openDatabase({ kind: 'postgres', url: target.url });
    // Ethereum Sepolia on a local node, as useTestApp gives one: the app is built here to close its database under it.
    testChain = await startTestChain('eth_sepolia');
    await syncTreasuryNonce(database.db, testChain.chain);
    app = await buildApp({ config: testConfig({}, webDistDir), database, logger: false, chains: new Map([['eth_sepolia', testChain.chain]]) });
    await app.ready();
    things = await createOwnedThings({ app, database, testChain }, 'Maintenance Owner');
  }, 60_000);

  afterAll(async () => {
    await admin?.query(`alter database ${name} with allow_connections true`).catch(() => {});
    await admin?.end();
    await app?.close();
    await database?.close();
    await testChain?.stop();
    await target?.drop();
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  /** Closes the database to new connections and ends the open ones (the pool's idle clients among them). */
  async function refuseConnections() {
    await admin.query(`alter database ${name} with allow_connections false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    // pg_terminate_backend only signals: a backend stays listed until it has exited, a few milliseconds later.
    await vi.waitFor(
      async () => {
        const { rows } = await admin.query<{ count: number }>('select count(*)::int as count from pg_stat_activity where datname = $1', [name]);
        expect(rows[0]!.count).toBe(0);
      },
      { timeout: 5_000, interval: 50 },
    );
  }

  /** Reads first, then writes, and last the two that end the owner's session (sign-out, password change). */
  const order = (route: RouteEntry) =>
    Number(!['GET', 'HEAD'].includes(route.method)) + 2 * Number(['/api/auth/sign-out', '/api/account/password'].includes(route.url));

  /** Every /api route, signed in as the owner, with the request it would accept. */
  async function sweep(): Promise<{ route: RouteEntry; response: LightMyRequestResponse }[]> {
    const answers = [];
    for (const route of [...apiRoutes(app)].sort((a, b) => order(a) - order(b))) {
      const sample = SAMPLE_REQUESTS[routeKey(route)]?.(things);
      const url = sample?.url ?? urlFor(route, things).replace('*', 'index.html');
      const hasBody = sample?.body !== undefined && route.method !== 'GET' && route.method !== 'HEAD';
      const response = await app.inject({
        method: route.method,
        url,
        headers: {
          origin: TEST_ORIGIN,
          cookie: things.owner.cookie,
          ...(hasBody ? { 'content-type': 'application/json' } : {}),
          ...sample?.headers,
        },
        ...(hasBody ? { payload: JSON.stringify(sample.body) } : {}),
      });
      answers.push({ route, response });
    }
    return answers;
  }

  it('answers 503 DATABASE_UNAVAILABLE on every route that needs the database, then recovers by itself', async () => {
    expect((await call(app, 'GET', '/api/wallets', { cookie: things.owner.cookie })).statusCode).toBe(200);
    await refuseConnections();

    const refused = await sweep();
    const wrong = refused
      .filter(({ route }) => !isWithoutDatabase(route))
      .filter(({ route, response }) => response.statusCode !== 503 || (route.method !== 'HEAD' && JSON.stringify(response.json()) !== JSON.stringify(UNAVAILABLE)))
      .map(({ route, response }) => `${routeKey(route)} (${route.method}) answered ${response.statusCode}: ${response.body.slice(0, 160)}`);
    expect(wrong).toEqual([]);
    expect(refused.filter(({ route }) => !isWithoutDatabase(route)).length).toBeGreaterThan(40);
    for (const { route, response } of refused.filter(({ route }) => isWithoutDatabase(route))) {
      expect(response.statusCode, routeKey(route)).toBeLessThan(500);
    }
    // Signed out, too: a sign-in, a sign-up and the health check.
    expect((await call(app, 'POST', '/api/auth/sign-in/email', { body: { email: things.owner.email, password: things.owner.password } })).json()).toEqual(UNAVAILABLE);
    expect((await call(app, 'GET', '/api/health')).statusCode).toBe(503);

    await admin.query(`alter database ${name} with allow_connections true`);
    // The same requests work again on the same app and pool: no restart, nothing cached from the outage.
    const recovered = await sweep();
    const stillFailing = recovered
      .filter(({ response }) => response.statusCode >= 500)
      .map(({ route, response }) => `${routeKey(route)} (${route.method}) answered ${response.statusCode}: ${response.body.slice(0, 160)}`);
    expect(stillFailing).toEqual([]);
    const reads = recovered.filter(({ route }) => route.method === 'GET' && !isWithoutDatabase(route));
    // Each read answers its owner as it always does: 200, or the refusal its sample expects (a test key is a demo account's).
    const expected = (route: (typeof reads)[number]['route']) => SAMPLE_REQUESTS[routeKey(route)]?.(things).ownerStatus ?? 200;
    expect(reads.filter(({ route, response }) => response.statusCode !== expected(route)).map(({ route, response }) => `${routeKey(route)} ${response.statusCode}`)).toEqual([]);
    expect((await call(app, 'GET', '/api/health')).statusCode).toBe(200);
  });
});
