import { DISPLAY_CURRENCIES, FALLBACK_PRICES, PRICE_TOKEN_IDS, type PricesResponseView, pricesResponseSchema } from '@fincrypt/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import { DEFAULT_PRICE_FEED_SETTINGS } from '../../config.ts';
import { pricePoints } from '../../db/schema.ts';
import { call } from '../../test/auth-client.ts';
import { useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';
import { SEEDED_HISTORY_DAYS } from './price-history-store.ts';
import { createPriceService } from './price-service.ts';
import { compactPriceHistory, insertPricePoints, toPricePointRow } from './repo.ts';
import { simulatedTokenPrice } from './simulated-feed.ts';
import { type FakeCoinGecko, coinGeckoBody, startFakeCoinGecko } from './testing/fake-coingecko-server.ts';

const SECOND = 1000;
const LIVE_BODY = coinGeckoBody({ ethereum: 3000, 'matic-network': 0.5, solana: 150 }, -2.5);

/** A clock that stands still until a test moves it, so cache windows do not depend on how fast tests run. */
function movableClock() {
  const clock = { startMs: Date.now(), offsetMs: 0, now: () => clock.startMs + clock.offsetMs };
  return clock;
}

async function getPrices(ctx: { app: Parameters<typeof call>[0] }): Promise<PricesResponseView> {
  const response = await call(ctx.app, 'GET', '/api/prices');
  expect(response.statusCode).toBe(200);
  return pricesResponseSchema.parse(response.json());
}

describeEachDatabase('prices API on the simulated feed', (kind) => {
  const clock = movableClock();
  const ctx = useTestApp(kind, { app: { prices: { now: clock.now } } });

  it('serves simulated prices for every coin and figure, the same within the cache window', async () => {
    const first = await getPrices(ctx);
    for (const tokenId of PRICE_TOKEN_IDS) {
      const coin = first.prices[tokenId];
      expect(coin.source).toBe('simulated');
      expect(Object.values(coin.figureSources).every((source) => source === 'simulated')).toBe(true);
      expect(coin.prices).toEqual(simulatedTokenPrice(tokenId, Date.parse(first.updatedAt)).prices);
    }
    clock.offsetMs += 10 * SECOND;
    expect(await getPrices(ctx)).toEqual(first);
  });

  it('serves seeded history for every period, oldest first, in the currency asked for', async () => {
    const expectedPoints = { 7: 168, 14: 168, 30: 120, 90: 90 } as const;
    for (const [days, count] of Object.entries(expectedPoints)) {
      const response = await call(ctx.app, 'GET', `/api/prices/history?token=solana&days=${days}&currency=eur`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ token: 'solana', currency: 'eur', days: Number(days) });
      // The bucket holding "now - days" may be cut, and the current one is open: allow one either way.
      expect(body.points.length).toBeGreaterThanOrEqual(count);
      expect(body.points.length).toBeLessThanOrEqual(count + 1);
      const times = body.points.map((point: { time: string }) => Date.parse(point.time));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      for (const point of body.points) {
        expect(point.source).toBe('simulated');
        expect(point.price / FALLBACK_PRICES.solana.prices.eur).toBeGreaterThan(0.8);
        expect(point.price / FALLBACK_PRICES.solana.prices.eur).toBeLessThan(1.2);
      }
    }
    const upperCase = await call(ctx.app, 'GET', '/api/prices/history?token=solana&days=7&currency=EUR');
    expect(upperCase.statusCode, upperCase.body).toBe(200);
    expect(upperCase.json()).toMatchObject({ currency: 'eur', token: 'solana', days: 7 });
    const defaults = (await call(ctx.app, 'GET', '/api/prices/history')).json();
    expect(defaults).toMatchObject({ token: 'ethereum', days: 30, currency: 'usd', bucketHours: 6 });
  });

  it('serves USDC at its peg on the simulated feed, and its flat history', async () => {
    const current = await getPrices(ctx);
    expect(current.prices['usd-coin']).toMatchObject({ prices: FALLBACK_PRICES['usd-coin'].prices, change24h: 0, source: 'simulated' });
    expect(current.prices['usd-coin'].prices.usd).toBe(1);
    const history = (await call(ctx.app, 'GET', '/api/prices/history?token=usd-coin&days=7&currency=inr')).json();
    expect(history).toMatchObject({ token: 'usd-coin', currency: 'inr', days: 7 });
    expect(history.points.length).toBeGreaterThanOrEqual(168);
    expect(new Set(history.points.map((point: { price: number }) => point.price))).toEqual(new Set([82]));
  });

  it('records what it serves, at most one point a minute, so the newest history point is the current price', async () => {
    clock.offsetMs += 61 * SECOND;
    const current = await getPrices(ctx);
    const history = (await call(ctx.app, 'GET', '/api/prices/history?token=ethereum&days=7&currency=jpy')).json();
    expect(history.points.at(-1).price).toBe(current.prices.ethereum.prices.jpy);
    const oldest = Date.parse(history.points[0].time);
    expect(oldest).toBeLessThan(clock.now() - 6.9 * 24 * 3600 * SECOND);
  });

  it('refuses periods, coins and currencies it does not serve', async () => {
    for (const query of ['days=8', 'days=abc', 'days=90.5', 'token=bitcoin', 'token=USDC', 'currency=btc', 'currency=US']) {
      const response = await call(ctx.app, 'GET', `/api/prices/history?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('documents the prices and insights routes in the OpenAPI document', async () => {
    const spec = (await call(ctx.app, 'GET', '/api/docs/json')).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/prices', '/api/prices/history', '/api/insights/stats', '/api/insights/forecasts', '/api/insights/order-book']),
    );
    expect(spec.paths['/api/prices/history'].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['token', 'days', 'currency']),
    );
  });

  it('thins minute points older than two days to the first of each hour, and deletes points past retention', async () => {
    const db = ctx.database.db;
    const at = (iso: string) => new Date(iso);
    const point = (iso: string) => toPricePointRow('ethereum', { ...FALLBACK_PRICES.ethereum, source: 'live' }, at(iso));
    await insertPricePoints(db, [
      point('2019-12-01T10:00:00Z'),
      point('2020-01-01T10:00:00Z'),
      point('2020-01-01T10:01:00Z'),
      point('2020-01-01T10:59:00Z'),
      point('2020-01-01T11:05:00Z'),
      point('2020-01-01T11:30:00Z'),
      point('2020-01-05T09:10:00Z'),
      point('2020-01-05T09:11:00Z'),
    ]);
    await compactPriceHistory(db, { thinBefore: at('2020-01-03T00:00:00Z'), deleteBefore: at('2019-12-15T00:00:00Z') });
    const kept = await db
      .select({ recordedAt: pricePoints.recordedAt })
      .from(pricePoints)
      .where(and(eq(pricePoints.tokenId, 'ethereum'), lt(pricePoints.recordedAt, at('2020-02-01T00:00:00Z'))))
      .orderBy(pricePoints.recordedAt);
    expect(kept.map((row) => row.recordedAt.toISOString())).toEqual([
      '2020-01-01T10:00:00.000Z',
      '2020-01-01T11:05:00.000Z',
      '2020-01-05T09:10:00.000Z',
      '2020-01-05T09:11:00.000Z',
    ]);
  });

  it('seeds idempotently: another server process seeding the same database adds no rows', async () => {
    const db = ctx.database.db;
    const seededRange = gte(pricePoints.recordedAt, new Date(clock.now() - (SEEDED_HISTORY_DAYS + 1) * 24 * 3600 * SECOND));
    const before = await db.$count(pricePoints, seededRange);
    expect(before).toBeGreaterThanOrEqual(PRICE_TOKEN_IDS.length * SEEDED_HISTORY_DAYS * 24);
    const [newest] = await db.select().from(pricePoints).orderBy(desc(pricePoints.recordedAt)).limit(1);
    const silent = { warn: () => undefined, error: () => undefined };
    // Its clock stands in the minute already recorded, so its own current price adds no row either.
    const otherProcess = createPriceService({ db, settings: ctx.config.prices, log: silent, now: () => newest!.recordedAt.getTime() });
    await otherProcess.ensureHistory();
    otherProcess.close();
    expect(await db.$count(pricePoints, seededRange)).toBe(before);
  });
});

describeEachDatabase('prices API with a CoinGecko upstream', (kind) => {
  const clock = movableClock();
  const priceConfig = { prices: { ...DEFAULT_PRICE_FEED_SETTINGS, apiUrl: 'http://127.0.0.1:9/unset', apiKey: undefined, timeoutMs: 400 } };
  let upstream: FakeCoinGecko;
  beforeAll(async () => {
    upstream = await startFakeCoinGecko({ kind: 'json', body: LIVE_BODY, delayMs: 50 });
    priceConfig.prices.apiUrl = upstream.baseUrl;
  });
  afterAll(() => upstream.close());
  const ctx = useTestApp(kind, {
    config: priceConfig,
    app: { prices: { now: clock.now, sleep: async () => undefined, maxWaitMs: 1000 } },
  });

  it('makes exactly one upstream call for 100 concurrent requests, and serves it to all of them', async () => {
    upstream.reset();
    const responses = await Promise.all(Array.from({ length: 100 }, () => call(ctx.app, 'GET', '/api/prices')));
    expect(upstream.requests).toHaveLength(1);
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const bodies = responses.map((response) => response.json());
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(bodies[0].prices.ethereum).toMatchObject({ prices: { usd: 3000, jpy: 450_000 }, change24h: -2.5, source: 'live' });
  });

  it('asks upstream again only once the 15 s cache has expired', async () => {
    upstream.reset();
    clock.offsetMs += 14 * SECOND;
    await Promise.all(Array.from({ length: 20 }, () => getPrices(ctx)));
    expect(upstream.requests).toHaveLength(0);
    clock.offsetMs += 2 * SECOND;
    await Promise.all(Array.from({ length: 20 }, () => getPrices(ctx)));
    expect(upstream.requests).toHaveLength(1);
  });

  it('records live points into the history', async () => {
    const history = (await call(ctx.app, 'GET', '/api/prices/history?token=ethereum&days=7&currency=usd')).json();
    expect(history.points.at(-1)).toMatchObject({ price: 3000, source: 'live' });
    // Seeded history meets the first live point without a jump.
    const lastSeeded = history.points.findLast((point: { source: string }) => point.source === 'simulated');
    expect(lastSeeded.price / 3000).toBeGreaterThan(0.97);
    expect(lastSeeded.price / 3000).toBeLessThan(1.03);
  });

  it('serves the live USDC quote beside the coins', async () => {
    clock.offsetMs += 16 * SECOND;
    const prices = await getPrices(ctx);
    expect(prices.prices['usd-coin']).toMatchObject({ prices: { usd: 0.9998, eur: 0.919816 }, change24h: 0.01, source: 'live' });
  });

  it("prices USDC at 1 USD in every currency through the answer's FX table when upstream leaves it out", async () => {
    const { 'usd-coin': _usdc, ...withoutUsdc } = LIVE_BODY;
    upstream.enqueue({ kind: 'json', body: withoutUsdc });
    clock.offsetMs += 16 * SECOND;
    const prices = await getPrices(ctx);
    expect(prices.prices['usd-coin']).toMatchObject({ prices: { inr: 83, usd: 1, eur: 0.92, gbp: 0.79, jpy: 150 }, change24h: 0, source: 'fallback' });
    expect(prices.prices.solana.source).toBe('live');
  });

  it('falls back per coin when upstream leaves one out', async () => {
    const { 'matic-network': _matic, ...withoutMatic } = LIVE_BODY;
    upstream.enqueue({ kind: 'json', body: withoutMatic });
    clock.offsetMs += 16 * SECOND;
    const prices = await getPrices(ctx);
    expect(prices.prices['matic-network']).toMatchObject({ prices: { inr: 83, usd: 1, eur: 0.92, gbp: 0.79, jpy: 150 }, source: 'fallback' });
    expect(prices.prices.ethereum.source).toBe('live');
  });

  it.each([
    ['a 500', { kind: 'json', status: 500, body: { error: 'down' } }],
    ['a 429', { kind: 'json', status: 429, body: { status: { error_code: 429 } } }],
    ['an invalid body', { kind: 'text', body: 'not json' }],
  ] as const)('serves the simulated feed after %s on every attempt, without failing the request', async (_label, failure) => {
    upstream.reset();
    upstream.enqueue(failure, failure, failure, failure);
    clock.offsetMs += 16 * SECOND;
    const prices = await getPrices(ctx);
    expect(upstream.requests).toHaveLength(4);
    for (const tokenId of PRICE_TOKEN_IDS) {
      expect(prices.prices[tokenId].source).toBe('simulated');
      for (const currency of DISPLAY_CURRENCIES) expect(prices.prices[tokenId].prices[currency]).toBeGreaterThan(0);
    }
  });

  it('answers within its wait limit while a timing-out upstream is retried, then serves the simulated feed', async () => {
    upstream.reset();
    clock.offsetMs += 16 * SECOND;
    const fresh = await getPrices(ctx);
    expect(fresh.prices.ethereum.source).toBe('live');

    upstream.enqueue({ kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' });
    clock.offsetMs += 16 * SECOND;
    const started = performance.now();
    const whileRetrying = await getPrices(ctx);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(whileRetrying).toEqual(fresh);

    // Four attempts of 400 ms each: the refresh gives up after about 1.6 s.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const afterwards = await getPrices(ctx);
    expect(afterwards.prices.ethereum.source).toBe('simulated');
    expect(upstream.requests.length).toBe(1 + 4);
  });
});
