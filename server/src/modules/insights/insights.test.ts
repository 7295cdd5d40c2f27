import {
  MARKET_DEPTH_LEVELS,
  MARKET_TOKEN_IDS,
  MAX_CONFIDENCE,
  type PricesResponseView,
  forecastsResponseSchema,
  insightsStatsSchema,
  orderBookResponseSchema,
  sentimentConfidence,
  sentimentFromChange,
  volumeResponseSchema,
} from '@fincrypt/domain';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { DEFAULT_PRICE_FEED_SETTINGS } from '../../config.ts';
import { transactions } from '../../db/schema.ts';
import { type TestUser, call, signUp } from '../../test/auth-client.ts';
import { externalAddress, postSend, walletOn } from '../../test/ledger-client.ts';
import { fundedUser } from '../../test/chain-steps.ts';
import { useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';

const HOUR_MS = 3_600_000;
const INSIGHTS_PATHS = ['/stats', '/sentiment', '/forecasts', '/order-book', '/volume'];

describeEachDatabase('insights API', (kind) => {
  const clock = { offsetMs: 0 };
  const ctx = useTestApp(kind, {
    // A long cache keeps one simulated price through each test, so expected values can be computed from it.
    config: { prices: { ...DEFAULT_PRICE_FEED_SETTINGS, apiUrl: undefined, apiKey: undefined, cacheTtlMs: 10 * 60_000 } },
    app: { prices: { now: () => Date.now() + clock.offsetMs } },
  });
  let viewer: TestUser;

  const prices = async (): Promise<PricesResponseView> => (await call(ctx.app, 'GET', '/api/prices')).json();
  const get = async (path: string) => {
    const response = await call(ctx.app, 'GET', `/api/insights${path}`, { cookie: viewer.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  async function send(user: TestUser, network: 'eth_sepolia' | 'solana_devnet', to: string, amount: string, asset?: string) {
    const wallet = await walletOn(ctx.app, user, network);
    const response = await postSend(ctx.app, user, { walletId: wallet.id, to, amount, ...(asset ? { asset } : {}) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().transaction.hash as string;
  }

  it('answers signed-in users only', async () => {
    for (const path of INSIGHTS_PATHS) {
      const response = await call(ctx.app, 'GET', `/api/insights${path}`);
      expect(response.statusCode, path).toBe(401);
    }
    viewer = await signUp(ctx.app);
  });

  it('computes volume, active users, average transaction and TPS from the ledger, with the change against the day before', async () => {
    const { user: alice } = await fundedUser(ctx);
    const { user: bob } = await fundedUser(ctx);
    const yesterdays = await send(alice, 'eth_sepolia', externalAddress('eth_sepolia'), '2');
    await ctx.database.db
      .update(transactions)
      .set({ createdAt: sql`${transactions.createdAt} - interval '30 hours'` })
      .where(eq(transactions.hash, yesterdays));
    await send(alice, 'eth_sepolia', (await walletOn(ctx.app, bob, 'eth_sepolia')).address, '1.5');
    await send(alice, 'solana_devnet', externalAddress('solana_devnet'), '3');

    const stats = insightsStatsSchema.parse(await get('/stats?currency=usd'));
    const { ethereum, solana } = (await prices()).prices;
    const volumeNow = 1.5 * ethereum.prices.usd + 3 * solana.prices.usd;
    const volumeBefore = 2 * ethereum.prices.usd;
    expect(stats.volume24h.value).toBeCloseTo(volumeNow, 3);
    expect(stats.volume24h.changePercent).toBeCloseTo(((volumeNow - volumeBefore) / volumeBefore) * 100, 3);
    // Alice and Bob (the mirrored receive) today; Alice alone the day before.
    expect(stats.activeUsers).toEqual({ value: 2, changePercent: 100 });
    expect(stats.averageTransaction.value).toBeCloseTo(volumeNow / 2, 3);
    expect(stats.averageTransaction.changePercent).toBeCloseTo(((volumeNow / 2 - volumeBefore) / volumeBefore) * 100, 3);
    expect(stats.tps).toEqual({ value: 2 / 86_400, changePercent: 100 });
    expect(stats.transactions24h).toBe(2);

    const inRupees = insightsStatsSchema.parse(await get('/stats?currency=inr'));
    expect(inRupees.volume24h.value).toBeCloseTo(1.5 * ethereum.prices.inr + 3 * solana.prices.inr, 3);
    expect((await call(ctx.app, 'GET', '/api/insights/stats?currency=btc', { cookie: viewer.cookie })).statusCode).toBe(400);
    // A currency code reads in either case.
    expect(insightsStatsSchema.parse(await get('/stats?currency=INR'))).toMatchObject({ currency: 'inr', volume24h: inRupees.volume24h });
  });

  it('gives 24 hourly volume points ending with the current hour, and the same hours per network', async () => {
    const volume = volumeResponseSchema.parse(await get('/volume?currency=usd'));
    const stats = insightsStatsSchema.parse(await get('/stats?currency=usd'));
    const { ethereum, solana } = (await prices()).prices;
    expect(volume.hourly).toHaveLength(24);
    expect(Date.parse(volume.hourly.at(-1)!.hourStart)).toBe(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
    expect(volume.hourly.reduce((sum, hour) => sum + hour.transactions, 0)).toBe(2);
    expect(volume.hourly.reduce((sum, hour) => sum + hour.volume, 0)).toBeCloseTo(stats.volume24h.value, 3);
    expect(volume.byNetwork).toHaveLength(24);
    // The two charts read one set of hours: the same starts, and each hour's networks add up to its volume.
    expect(volume.byNetwork.map((bucket) => bucket.start)).toEqual(volume.hourly.map((hour) => hour.hourStart));
    volume.hourly.forEach((hour, index) =>
      expect(Object.values(volume.byNetwork[index]!.volumes).reduce((sum, value) => sum + value, 0)).toBeCloseTo(hour.volume, 2),
    );
    const total = (network: 'eth_sepolia' | 'polygon_amoy' | 'solana_devnet') =>
      volume.byNetwork.reduce((sum, bucket) => sum + bucket.volumes[network], 0);
    expect(total('eth_sepolia')).toBeCloseTo(1.5 * ethereum.prices.usd, 3);
    expect(total('solana_devnet')).toBeCloseTo(3 * solana.prices.usd, 3);
    expect(total('polygon_amoy')).toBe(0);
  });

  it("reads the sentiment from a coin's 24h change with the thresholds of docs/product.md#sentiment", async () => {
    const current = (await prices()).prices;
    for (const tokenId of MARKET_TOKEN_IDS) {
      const sentiment = await get(`/sentiment?token=${tokenId}`);
      const change = current[tokenId].change24h;
      expect(sentiment).toMatchObject({
        token: tokenId,
        label: sentimentFromChange(change).label,
        confidence: sentimentConfidence(change),
        change24h: change,
        source: 'simulated',
      });
      expect(sentiment.factors).toHaveLength(3);
    }
    expect((await get('/sentiment')).token).toBe('ethereum');
    for (const token of ['dogecoin', 'usd-coin']) {
      expect((await call(ctx.app, 'GET', `/api/insights/sentiment?token=${token}`, { cookie: viewer.cookie })).statusCode, token).toBe(400);
    }
  });

  it('forecasts every coin from its price history with a confidence from the backtest', async () => {
    const body = forecastsResponseSchema.parse(await get('/forecasts?currency=gbp'));
    const current = (await prices()).prices;
    expect(body.method.name).toMatch(/Holt/);
    expect(body.forecasts.map((forecast) => forecast.fromCurrency)).toEqual(['ETH', 'MATIC', 'SOL']);
    for (const forecast of body.forecasts) {
      const coin = current[forecast.token];
      expect(forecast).toMatchObject({ toCurrency: 'GBP', currency: 'gbp', currentRate: coin.prices.gbp, change24hPercent: coin.change24h });
      expect(forecast.historyDays).toBeGreaterThanOrEqual(90);
      expect(forecast.backtest.forecastsChecked).toBe(20);
      expect(forecast.confidence).toBeGreaterThan(0);
      expect(forecast.confidence).toBeLessThanOrEqual(MAX_CONFIDENCE);
      for (const [rate, percent] of [
        [forecast.predictedRate24h, forecast.expectedChangePercent.h24],
        [forecast.predictedRate7d, forecast.expectedChangePercent.d7],
        [forecast.predictedRate30d, forecast.expectedChangePercent.d30],
      ] as const) {
        expect(rate).toBeCloseTo(forecast.currentRate * (1 + percent / 100), 2);
      }
      // change24h is the move in the currency that the percentage describes.
      expect(forecast.currentRate - forecast.change24h).toBeCloseTo(forecast.currentRate / (1 + forecast.change24hPercent / 100), 3);
    }
  });

  it('simulates an order book of 100 levels per side around the current price, the same all minute, another one once the price moves on', async () => {
    const book = orderBookResponseSchema.parse(await get('/order-book?token=ethereum&currency=usd'));
    const current = (await prices()).prices.ethereum.prices.usd;
    expect(book.bids).toHaveLength(MARKET_DEPTH_LEVELS);
    expect(book.asks).toHaveLength(MARKET_DEPTH_LEVELS);
    expect(book.midPrice).toBe(current);
    expect(book.bids[0]!.price).toBeLessThan(book.midPrice);
    expect(book.asks[0]!.price).toBeGreaterThan(book.midPrice);
    expect(book.asks[0]!.price - book.bids[0]!.price).toBeLessThanOrEqual(2 * book.tickSize);
    expect(await get('/order-book?token=ethereum&currency=usd')).toEqual(book);

    const inYen = orderBookResponseSchema.parse(await get('/order-book?token=ethereum&currency=jpy'));
    expect(inYen.midPrice).toBe((await prices()).prices.ethereum.prices.jpy);

    clock.offsetMs += 11 * 60_000;
    const later = orderBookResponseSchema.parse(await get('/order-book?token=ethereum&currency=usd'));
    expect(later.asOf).not.toBe(book.asOf);
    expect(later.bids.map((level) => level.amount)).not.toEqual(book.bids.map((level) => level.amount));
    expect((await call(ctx.app, 'GET', '/api/insights/order-book?token=ethereum&currency=xau', { cookie: viewer.cookie })).statusCode).toBe(400);
    expect((await call(ctx.app, 'GET', '/api/insights/order-book?token=usd-coin&currency=usd', { cookie: viewer.cookie })).statusCode).toBe(400);
  });

  it('does not count a faucet claim (mint transactions) as a send, as volume or as activity', async () => {
    const before = insightsStatsSchema.parse(await get('/stats?currency=usd'));
    const { user: dave } = await fundedUser(ctx);
    const wallet = await walletOn(ctx.app, dave, 'eth_sepolia');
    expect((await call(ctx.app, 'POST', `/api/wallets/${wallet.id}/faucet`, { cookie: dave.cookie })).statusCode).toBe(201);
    const after = insightsStatsSchema.parse(await get('/stats?currency=usd'));
    expect(after.transactions24h).toBe(before.transactions24h);
    expect(after.activeUsers.value).toBe(before.activeUsers.value);
    expect(after.volume24h.value).toBeCloseTo(before.volume24h.value, 6);
  });

  it('values a USDC send at the usd-coin price, not as that many ETH, in volume, average and the per-network buckets', async () => {
    const before = insightsStatsSchema.parse(await get('/stats?currency=eur'));
    const volumeBefore = volumeResponseSchema.parse(await get('/volume?currency=eur'));
    const { user: carol } = await fundedUser(ctx);
    await send(carol, 'eth_sepolia', externalAddress('eth_sepolia'), '500', 'USDC');
    await send(carol, 'eth_sepolia', externalAddress('eth_sepolia'), '0.5');
    const usdcSends = await ctx.database.db.select({ amount: transactions.amount }).from(transactions).where(and(eq(transactions.asset, 'USDC'), eq(transactions.type, 'send')));
    expect(usdcSends.map((row) => row.amount)).toEqual([500_000_000n]);

    const after = insightsStatsSchema.parse(await get('/stats?currency=eur'));
    const { ethereum, 'usd-coin': usdc } = (await prices()).prices;
    const added = 500 * usdc.prices.eur + 0.5 * ethereum.prices.eur;
    expect(after.transactions24h).toBe(before.transactions24h + 2);
    expect(after.volume24h.value).toBeCloseTo(before.volume24h.value + added, 3);
    // As 500.5 ETH it would have been over a million euros.
    expect(after.volume24h.value - before.volume24h.value).toBeLessThan(2000);
    expect(after.averageTransaction.value).toBeCloseTo((before.volume24h.value + added) / after.transactions24h, 3);

    const volumeAfter = volumeResponseSchema.parse(await get('/volume?currency=eur'));
    const ethTotal = (volume: typeof volumeAfter) => volume.byNetwork.reduce((sum, bucket) => sum + bucket.volumes.eth_sepolia, 0);
    expect(ethTotal(volumeAfter)).toBeCloseTo(ethTotal(volumeBefore) + added, 3);
    expect(volumeAfter.hourly.reduce((sum, hour) => sum + hour.volume, 0)).toBeCloseTo(after.volume24h.value, 3);
  });
});
