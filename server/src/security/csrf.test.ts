import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { type Db, rowsOf } from '../db/database.ts';
import { call } from '../test/auth-client.ts';
import { TEST_ORIGIN, useTestApp } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';
import { OPEN_TO_OTHER_SITES, type OwnedThings, SAMPLE_REQUESTS, createOwnedThings, isStateChanging, routeKey } from './testing/route-samples.ts';

/** One digest per table of the app's schema: equal digests, nothing written. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ digest: string }>(
      db,
      sql`select count(*) || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(name)} t`,
    );
    digests[name] = row!.digest;
  }
  return digests;
}

/** What a page on another site can make a browser send along with our cookie. */
const CROSS_SITE_HEADERS: Record<string, Record<string, string>> = {
  'a foreign Origin': { origin: 'https://evil.example' },
  'a look-alike Origin': { origin: 'http://localhost:3000.evil.example' },
  'an opaque (null) Origin': { origin: 'null' },
  'Sec-Fetch-Site: cross-site without Origin': { 'sec-fetch-site': 'cross-site' },
  'Sec-Fetch-Site: cross-site with our Origin': { origin: TEST_ORIGIN, 'sec-fetch-site': 'cross-site' },
};

describeEachDatabase('CSRF: cookie-authenticated writes from another site', (kind) => {
  const ctx = useTestApp(kind);
  let things: OwnedThings;
  beforeAll(async () => {
    things = await createOwnedThings(ctx);
  });

  it('refuses every state-changing route with 403 before anything happens, however the path is spelled', async () => {
    // The JSON-RPC endpoint reads no cookie and is meant for other sites (route-samples.ts): it has no origin check.
    const writes = ctx.app.routeTable.filter((route) => isStateChanging(route) && !(routeKey(route) in OPEN_TO_OTHER_SITES));
    expect(writes.length).toBeGreaterThan(10);
    // Each write needs a request it would otherwise accept, so the refusal below is the origin check's doing.
    expect(writes.filter((route) => !(routeKey(route) in SAMPLE_REQUESTS)).map(routeKey)).toEqual([]);

    const before = await fingerprint(ctx.database.db);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['users', 'sessions', 'wallets', 'transactions', 'contact_messages']));
    const failures: string[] = [];
    for (const route of writes) {
      const sample = SAMPLE_REQUESTS[routeKey(route)]!(things);
      // The router decodes the path: /%61pi/wallets is /api/wallets.
      const spellings = [sample.url, sample.url.replace(/^\/api\//, '/%61pi/')];
      for (const url of spellings) {
        for (const [label, crossSite] of Object.entries(CROSS_SITE_HEADERS)) {
          const response = await ctx.app.inject({
            method: route.method,
            url,
            headers: { cookie: things.owner.cookie, 'content-type': 'application/json', ...sample.headers, ...crossSite },
            payload: JSON.stringify(sample.body ?? {}),
          });
          const code = response.statusCode === 403 ? response.json().error.code : undefined;
          if (code !== 'FORBIDDEN_ORIGIN') failures.push(`${route.method} ${url} with ${label} answered ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await fingerprint(ctx.database.db)).toEqual(before);
    // The session the forged sign-out and password change aimed at still works.
    expect((await call(ctx.app, 'GET', '/api/account', { cookie: things.owner.cookie })).statusCode).toBe(200);
  });

  it('accepts the same writes from our own origin, a same-origin fetch, and a client that is not a browser', async () => {
    const sample = SAMPLE_REQUESTS['PUT /api/account/notifications']!(things);
    for (const headers of [{ origin: TEST_ORIGIN }, { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' }, {}]) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: sample.url,
        headers: { cookie: things.owner.cookie, 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(sample.body),
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });
});
