import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, HTTPMethods, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import type { RouteEntry } from '../app.ts';
import { MAX_TEXT_CHARS } from '../plugins/text-input-guard.ts';
import { TEST_ORIGIN, useTestApp } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';
import { type OwnedThings, SAMPLE_REQUESTS, createOwnedThings, routeKey, urlFor, zodKeys } from './testing/route-samples.ts';

/** Strings no request may bring in: PostgreSQL cannot store U+0000, UTF-8 cannot encode an unpaired surrogate. */
const NUL_STRINGS = ['\u0000', 'a\u0000b', 'alice@example.com\u0000', '\u0000'.repeat(3)];
const SURROGATE_STRINGS = ['\ud800', 'x\udfffy', '\udc00\ud800', 'end\ud83d'];
const LONG_STRINGS = ['x'.repeat(MAX_TEXT_CHARS + 1), 'é'.repeat(30_000)];
const BAD_STRINGS = [...NUL_STRINGS, ...SURROGATE_STRINGS, ...LONG_STRINGS];

/**
 * How the bad strings travel in a URL. An unpaired surrogate cannot be percent-encoded (it has no UTF-8), so
 * its nearest bytes are sent instead: the surrogate's CESU-8 bytes and an over-long encoding of NUL, which a
 * decoder must refuse or replace, never pass on.
 */
const URL_VALUES = ['%00', 'a%00b', '%ED%A0%80', '%C0%80', 'x'.repeat(MAX_TEXT_CHARS + 1), '%FF'];

const WRITE_METHODS = new Set<HTTPMethods>(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Attempt {
  label: string;
  method: HTTPMethods;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** True when the string must be refused (4xx); false when the URL carries bytes a decoder may replace. */
  mustRefuse: boolean;
}

const describeValue = (value: string) =>
  JSON.stringify(value.length > 20 ? `${value.slice(0, 12)}…(${value.length} chars)` : value);

/** The wildcard and :parameters of a route's URL filled with valid values, one of them replaced by `value`. */
function urlsWithBadPathValue(route: RouteEntry, things: OwnedThings, value: string): string[] {
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
  const valid = urlFor(route, things);
  const results = names.map((name) => urlFor(route, things, { [name]: '__BAD__' }).replace('__BAD__', value).replace('*', 'file'));
  if (route.url.includes('*')) results.push(valid.replace('*', `a${value}`));
  return results;
}

/** Every attempt for one route: each bad string in each body field, nested, as the whole body, in the query and the path. */
function attemptsFor(route: RouteEntry, things: OwnedThings, random: readonly { field: string; value: unknown }[]): Attempt[] {
  const sample = SAMPLE_REQUESTS[routeKey(route)]?.(things);
  const baseUrl = (sample?.url ?? urlFor(route, things)).replace('*', 'file');
  const headers = { ...sample?.headers, ...(route.url === '/api/transactions' ? { 'idempotency-key': randomUUID() } : {}) };
  const attempts: Attempt[] = [];
  const method = route.method;

  if (WRITE_METHODS.has(method)) {
    const sampleBody = (typeof sample?.body === 'object' && sample.body !== null ? sample.body : {}) as Record<string, unknown>;
    const fields = [...new Set([...Object.keys(sampleBody), ...zodKeys(route.schema?.body), 'extra'])];
    for (const value of BAD_STRINGS) {
      for (const field of fields) {
        attempts.push({ label: `body.${field}=${describeValue(value)}`, method, url: baseUrl, body: { ...sampleBody, [field]: value }, headers, mustRefuse: true });
      }
      attempts.push({ label: `body.nested=${describeValue(value)}`, method, url: baseUrl, body: { ...sampleBody, nested: { list: [1, { deep: value }] } }, headers, mustRefuse: true });
      attempts.push({ label: `body=${describeValue(value)}`, method, url: baseUrl, body: value, headers, mustRefuse: true });
      attempts.push({ label: `body key=${describeValue(value)}`, method, url: baseUrl, body: { ...sampleBody, [value]: 'x' }, headers, mustRefuse: true });
    }
    for (const { field, value } of random) {
      attempts.push({ label: `random body.${field}`, method, url: baseUrl, body: { ...sampleBody, [field]: value }, headers, mustRefuse: true });
    }
  }

  const queryKeys = [...zodKeys(route.schema?.querystring), 'q'];
  for (const value of URL_VALUES) {
    const mustRefuse = value.includes('%00') || value.length > MAX_TEXT_CHARS;
    // Bytes a decoder replaces (U+FFFD) make valid text: a write with its valid sample body would then go
    // through (sign out, delete a wallet), so those are sent to reads only.
    if (!mustRefuse && WRITE_METHODS.has(method)) continue;
    for (const key of queryKeys) {
      const separator = baseUrl.includes('?') ? '&' : '?';
      attempts.push({ label: `query ${key}=${describeValue(value)}`, method, url: `${baseUrl}${separator}${key}=${value}`, body: sample?.body, headers, mustRefuse });
    }
    for (const url of urlsWithBadPathValue(route, things, value)) {
      // A path parameter longer than Fastify's maxParamLength matches no route: 404, also a refusal.
      attempts.push({ label: `path ${describeValue(value)}`, method, url, body: sample?.body, headers, mustRefuse });
    }
  }
  return attempts;
}

function send(app: FastifyInstance, attempt: Attempt, cookie: string): Promise<LightMyRequestResponse> {
  const hasBody = attempt.body !== undefined && WRITE_METHODS.has(attempt.method);
  return app.inject({
    method: attempt.method,
    url: attempt.url,
    headers: {
      origin: TEST_ORIGIN,
      cookie,
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...attempt.headers,
    },
    ...(hasBody ? { payload: JSON.stringify(attempt.body) } : {}),
  });
}

/** Rows in the tables a request could write to: a refused request changes none of them. */
async function rowCounts(app: { database: { db: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> } } }) {
  const tables = ['users', 'sessions', 'accounts', 'wallets', 'transactions', 'contact_messages', 'rate_limit_counters', 'notification_preferences', 'two_factors', 'verifications', 'contacts'];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = (await app.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as { rows: { n: number }[] };
    counts[table] = result.rows[0]!.n;
  }
  return counts;
}

/**
 * Every route of the app's route table (better-auth's, the docs' and the web app's included) is sent NUL
 * characters, unpaired surrogates and over-long strings in each body field, nested, as the whole body, as a
 * key, in the query and in the path, signed in. No answer may be a 5xx; every string that cannot be stored
 * is refused with a 4xx; the edge rule answers with its message; nothing is written.
 */
describeEachDatabase('bad text on every route', (kind) => {
  const ctx = useTestApp(kind);
  let things: OwnedThings;

  beforeAll(async () => {
    things = await createOwnedThings(ctx, 'Fuzz Owner');
  });

  it('never answers 5xx, refuses what cannot be stored with 4xx, and changes nothing', async () => {
    const before = await rowCounts(ctx);
    const profileBefore = (await send(ctx.app, { label: '', method: 'GET', url: '/api/account', mustRefuse: false }, things.owner.cookie)).json();
    const badInside = fc
      .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...NUL_STRINGS, ...SURROGATE_STRINGS), fc.string({ maxLength: 20 }))
      .map((parts) => parts.join(''));
    const randomValue = fc.oneof(badInside, fc.array(badInside, { minLength: 1, maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), badInside, { minKeys: 1, maxKeys: 3 }));

    // Signing out goes last: were it let through, every later route would only answer 401.
    const routes = [...ctx.app.routeTable].sort((a, b) => Number(a.url === '/api/auth/sign-out') - Number(b.url === '/api/auth/sign-out'));
    let tried = 0;
    let bodies = 0;
    const serverErrors: string[] = [];
    const accepted: string[] = [];
    const unshaped: string[] = [];
    const edgeMessages = new Set<string>();
    for (const [index, route] of routes.entries()) {
      const random = fc.sample(fc.record({ field: fc.constantFrom(...zodKeys(route.schema?.body), 'extra'), value: randomValue }), { numRuns: 8, seed: 1200 + index });
      for (const attempt of attemptsFor(route, things, random)) {
        const response = await send(ctx.app, attempt, things.owner.cookie);
        tried += 1;
        if (attempt.body !== undefined && WRITE_METHODS.has(attempt.method)) bodies += 1;
        const where = `${attempt.method} ${route.url} ${attempt.label}`;
        if (response.statusCode >= 500) serverErrors.push(`${where} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
        else if (attempt.mustRefuse && response.statusCode < 400) accepted.push(`${where} answered ${response.statusCode}`);
        if (response.statusCode >= 400 && attempt.method !== 'HEAD') {
          const body = response.json();
          if (typeof body.error?.code !== 'string' || typeof body.error?.message !== 'string') unshaped.push(`${where}: ${response.body.slice(0, 200)}`);
          else if (body.error.code === 'VALIDATION_ERROR') edgeMessages.add(body.error.message);
        }
      }
    }
    console.warn(`bad text on every route [${kind}]: ${routes.length} routes, ${tried} requests (${bodies} bodies), ${serverErrors.length} answered 5xx`);
    expect(serverErrors).toEqual([]);
    expect(accepted).toEqual([]);
    expect(unshaped).toEqual([]);
    expect(tried).toBeGreaterThan(1000);
    // The edge rule's own words, naming where the bad text was.
    expect([...edgeMessages]).toEqual(
      expect.arrayContaining([
        'Field "email" must not contain a NUL character (U+0000)',
        'Field "name" must not contain an unpaired surrogate (text that is not valid Unicode)',
        `Field "message" must be at most ${MAX_TEXT_CHARS} characters`,
        'Query parameter "search" must not contain a NUL character (U+0000)',
        'Path parameter "hash" must not contain a NUL character (U+0000)',
        'Field "nested.list[1].deep" must not contain a NUL character (U+0000)',
        'Request body must not contain a NUL character (U+0000)',
        'A field name must not contain a NUL character (U+0000)',
      ]),
    );
    // Each call to a passkey options route makes a challenge, as it must: single-use, gone after five minutes.
    const { verifications: challengesBefore, ...restBefore } = before;
    const { verifications: challengesAfter, ...rest } = await rowCounts(ctx);
    expect(rest).toEqual(restBefore);
    const challenges = (await ctx.database.db.execute(sql`select value from verifications`)) as { rows: { value: string }[] };
    const passkeyChallenges = challenges.rows.filter((row) => /^\{"type":"(registration|authentication)"/.test(row.value));
    expect((challengesAfter ?? 0) - (challengesBefore ?? 0)).toBe(passkeyChallenges.length);
    expect((await send(ctx.app, { label: '', method: 'GET', url: '/api/account', mustRefuse: false }, things.owner.cookie)).json()).toEqual(profileBefore);
  });

  it('answers the four NUL cases the outside attack found with 400 and the edge message, not 500', async () => {
    const { owner } = things;
    const cases: [Attempt, string][] = [
      [{ label: '', method: 'POST', url: '/api/auth/sign-in/email', body: { email: `${owner.email}\u0000`, password: owner.password }, mustRefuse: true }, 'Field "email"'],
      [{ label: '', method: 'GET', url: '/api/transactions?search=%00', mustRefuse: true }, 'Query parameter "search"'],
      [{ label: '', method: 'PATCH', url: '/api/account/profile', body: { name: 'a\u0000b', email: owner.email, avatar: 'preset-1' }, mustRefuse: true }, 'Field "name"'],
      [
        { label: '', method: 'POST', url: '/api/contact', body: { name: 'Sam', email: 'sam@example.com', subject: 'general', message: 'hi\u0000' }, mustRefuse: true },
        'Field "message"',
      ],
    ];
    for (const [attempt, where] of cases) {
      const response = await send(ctx.app, attempt, owner.cookie);
      expect(response.statusCode, attempt.url).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: `${where} must not contain a NUL character (U+0000)` } });
    }
  });

  it('refuses a NUL at the bottom of a body nested 40,000 deep with 400, and such a body without one with 4xx', async () => {
    for (const [inner, message] of [['"\\u0000"', /NUL character/], ['"ok"', /JSON object/]] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: `${'['.repeat(40_000)}${inner}${']'.repeat(40_000)}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(message);
    }
  });

  it('lets well-formed text through: a surrogate pair (an emoji) and text at the limit are not refused by the edge rule', async () => {
    const search = await send(ctx.app, { label: '', method: 'GET', url: `/api/transactions?search=${encodeURIComponent('😀')}`, mustRefuse: false }, things.owner.cookie);
    expect(search.statusCode).toBe(200);
    const contact = await send(
      ctx.app,
      { label: '', method: 'POST', url: '/api/contact', body: { name: 'Emoji 😀 Person', email: 'emoji@example.com', subject: 'general', message: 'Hello 👋🏽 from the fuzz test' }, mustRefuse: false },
      things.owner.cookie,
    );
    expect(contact.statusCode).toBe(201);
    // At the backstop's limit the route's own rule speaks (the contact message allows 5,000 characters).
    const long = await send(
      ctx.app,
      { label: '', method: 'POST', url: '/api/contact', body: { name: 'Long', email: 'long@example.com', subject: 'general', message: 'x'.repeat(MAX_TEXT_CHARS) }, mustRefuse: true },
      things.owner.cookie,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('Message must be at most 5000 characters');
  });
});
