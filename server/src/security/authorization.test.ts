import { beforeAll, expect, it } from 'vitest';
import { buildAdminApp } from '../admin-app.ts';
import { type TestUser, call, signUp } from '../test/auth-client.ts';
import { expectLedgerBalanced, listWallets } from '../test/ledger-client.ts';
import { TEST_ORIGIN, useTestApp } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';
import {
  type OwnedThings,
  OPEN_TO_OTHER_SITES,
  PUBLIC_ROUTES,
  SAMPLE_REQUESTS,
  apiRoutes,
  createOwnedThings,
  idInputs,
  isApiRoute,
  isPublicRoute,
  routeKey,
  urlFor,
} from './testing/route-samples.ts';

/**
 * Built from the app's own route table (an onRoute hook in buildApp), so a route added tomorrow is swept
 * too: it must answer 401 signed out, or be put on the public list with a reason.
 */
describeEachDatabase('authorization sweep over every route', (kind) => {
  const ctx = useTestApp(kind);
  let things: OwnedThings;
  let intruder: TestUser;
  let endedSessionCookie: string;

  beforeAll(async () => {
    things = await createOwnedThings(ctx);
    intruder = await signUp(ctx.app, { name: 'Intruder' });
    const leaver = await signUp(ctx.app, { name: 'Leaver' });
    expect((await call(ctx.app, 'POST', '/api/auth/sign-out', { cookie: leaver.cookie, body: {} })).statusCode).toBe(200);
    endedSessionCookie = leaver.cookie;
  });

  it('sees the whole route table; the lists name only routes that exist; nothing outside /api writes', () => {
    const routes = ctx.app.routeTable;
    const keys = new Set(routes.map(routeKey));
    expect(apiRoutes(ctx.app).length).toBeGreaterThan(30);
    expect(Object.keys(PUBLIC_ROUTES).filter((key) => !keys.has(key))).toEqual([]);
    expect(Object.keys(SAMPLE_REQUESTS).filter((key) => !keys.has(key))).toEqual([]);
    expect(Object.keys(OPEN_TO_OTHER_SITES).filter((key) => !keys.has(key))).toEqual([]);
    const nonApiWrites = routes.filter((route) => !isApiRoute(route) && !['GET', 'HEAD'].includes(route.method) && !(routeKey(route) in OPEN_TO_OTHER_SITES));
    expect(nonApiWrites.map(routeKey)).toEqual([]);
  });

  it('answers 401 on every other /api route signed out, with a forged cookie, and with an ended session', async () => {
    const credentials = [
      ['signed out', undefined],
      ['forged cookie', 'fincrypt.session_token=forged.value'],
      ['ended session', endedSessionCookie],
    ] as const;
    const privateRoutes = apiRoutes(ctx.app).filter((route) => !isPublicRoute(route));
    expect(privateRoutes.length).toBeGreaterThan(15);
    const failures: string[] = [];
    for (const route of privateRoutes) {
      // No body at all: the session is checked before the body is read, so a caller learns nothing from validation.
      for (const [label, cookie] of credentials) {
        const response = await ctx.app.inject({
          method: route.method,
          url: urlFor(route, things),
          headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
        });
        const isRefused = response.statusCode === 401 && (route.method === 'HEAD' || response.json().error.code === 'UNAUTHORIZED');
        if (!isRefused) failures.push(`${route.method} ${route.url} (${label}) answered ${response.statusCode}: not public-listed, not 401`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers 404 with another user's ids on every route that takes one, and changes nothing", async () => {
    const idRoutes = apiRoutes(ctx.app).filter((route) => route.method !== 'HEAD' && !isPublicRoute(route) && idInputs(route).length > 0);
    expect(idRoutes.map(routeKey).sort()).toEqual(
      expect.arrayContaining([
        'DELETE /api/wallets/:id',
        'GET /api/wallets/:id/test-key',
        'GET /api/fees',
        'GET /api/transactions/:hash',
        'POST /api/transactions',
        // payment requests (issue 16): a request into another user's wallet, and cancelling another user's request
        'POST /api/payment-requests',
        'POST /api/payment-requests/:id/cancel',
      ]),
    );
    expect(idRoutes.filter((route) => !(routeKey(route) in SAMPLE_REQUESTS)).map(routeKey)).toEqual([]);
    const before = await listWallets(ctx.app, things.owner);

    const failures: string[] = [];
    for (const route of idRoutes) {
      const sample = SAMPLE_REQUESTS[routeKey(route)]!(things);
      const response = await call(ctx.app, route.method as 'GET', sample.url, { cookie: intruder.cookie, body: sample.body, headers: sample.headers });
      if (response.statusCode !== 404) failures.push(`${routeKey(route)} as another user answered ${response.statusCode} ${response.body}`);
      if (response.body.includes(things.address) || response.body.includes(things.hash)) failures.push(`${routeKey(route)} leaked the owner's data`);
    }
    expect(failures).toEqual([]);
    expect(await listWallets(ctx.app, things.owner)).toEqual(before);
    await expectLedgerBalanced(ctx.database.db);

    // The same requests from the owner work (deletes last), so the 404s above came from the ownership checks.
    const ownFirst = [...idRoutes].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    for (const route of ownFirst) {
      const sample = SAMPLE_REQUESTS[routeKey(route)]!(things);
      const response = await call(ctx.app, route.method as 'GET', sample.url, { cookie: things.owner.cookie, body: sample.body, headers: sample.headers });
      if (sample.ownerStatus === undefined) expect(response.statusCode, `${routeKey(route)} as its owner`).toBeLessThan(300);
      else expect(response.statusCode, `${routeKey(route)} as its owner`).toBe(sample.ownerStatus);
    }
  });

  it('has no ledger check on the public port, however the request is dressed: only the admin listener answers it', async () => {
    const dressed: Record<string, string>[] = [{}, { 'x-real-ip': '127.0.0.1' }, { via: '1.1 proxy' }, { 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }];
    for (const headers of dressed) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/system/ledger', headers, remoteAddress: '127.0.0.1' });
      expect(response.statusCode, JSON.stringify(headers)).toBe(404);
      // The admin listener's path on the public port is the web app's, if anything: never a ledger report.
      const adminPath = await ctx.app.inject({ method: 'GET', url: '/system/ledger', headers, remoteAddress: '127.0.0.1' });
      expect(adminPath.body).not.toContain('isBalanced');
    }
    const admin = await buildAdminApp(ctx.database.db, ctx.app.log);
    try {
      const report = await admin.inject({ method: 'GET', url: '/system/ledger' });
      expect(report.statusCode).toBe(200);
      expect(report.json()).toMatchObject({ isBalanced: true, breaches: [] });
    } finally {
      await admin.close();
    }
  });

  it('refuses the second step of a 2FA sign-in without its challenge cookie', async () => {
    for (const url of ['/api/auth/two-factor/verify-totp', '/api/auth/two-factor/verify-backup-code']) {
      const response = await call(ctx.app, 'POST', url, { body: SAMPLE_REQUESTS[`POST ${url}`]!(things).body });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
