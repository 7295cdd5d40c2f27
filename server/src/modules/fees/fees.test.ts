import { type FeeQuotesResponse, type NetworkId, type PricesResponseView, feeUsdDisplay } from '@fincrypt/domain';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { DEFAULT_PRICE_FEED_SETTINGS } from '../../config.ts';
import { type TestUser, call, signUp } from '../../test/auth-client.ts';
import { walletOn } from '../../test/ledger-client.ts';
import { useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';
import { type FakeCoinGecko, coinGeckoBody, startFakeCoinGecko } from '../prices/testing/fake-coingecko-server.ts';

const SECOND = 1000;
const LIVE_BODY = coinGeckoBody({ ethereum: 3000, 'matic-network': 0.5, solana: 150 });

describeEachDatabase('fee quotes in US dollars', (kind) => {
  // A clock that stands still until a test moves it past the 15 s cache.
  const clock = { startMs: Date.now(), offsetMs: 0, now: () => clock.startMs + clock.offsetMs };
  // A long timeout: a hanging upstream keeps its refresh running for seconds, which a quote must not wait for.
  const priceConfig = { prices: { ...DEFAULT_PRICE_FEED_SETTINGS, apiUrl: 'http://127.0.0.1:9/unset', apiKey: undefined, timeoutMs: 5000 } };
  let upstream: FakeCoinGecko;
  beforeAll(async () => {
    upstream = await startFakeCoinGecko({ kind: 'json', body: LIVE_BODY });
    priceConfig.prices.apiUrl = upstream.baseUrl;
  });
  afterAll(() => upstream.close());
  // /api/prices waits up to 10 s for a refresh here, so a quote that waited for the upstream could not pass for one that did not.
  const ctx = useTestApp(kind, { config: priceConfig, app: { prices: { now: clock.now, sleep: async () => undefined, maxWaitMs: 10_000 } } });
  let user: TestUser;
  beforeAll(async () => {
    user = await signUp(ctx.app);
  });

  const quotesFor = async (network: NetworkId): Promise<FeeQuotesResponse> => {
    const wallet = await walletOn(ctx.app, user, network);
    const response = await call(ctx.app, 'GET', `/api/fees?walletId=${wallet.id}`, { cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const prices = async (): Promise<PricesResponseView> => (await call(ctx.app, 'GET', '/api/prices')).json();

  const expectPricedAt = (quoted: FeeQuotesResponse, usd: number, source: string) => {
    expect(quoted).toMatchObject({ usdPrice: usd, priceSource: source });
    for (const quote of quoted.quotes) expect(quote.feeUsd).toBe(feeUsdDisplay(BigInt(quote.feeUnits), quoted.network, usd));
  };

  it('prices fees at the live USD price /api/prices serves, and says it is live', async () => {
    const served = await prices();
    expect(served.prices.ethereum).toMatchObject({ prices: { usd: 3000 }, source: 'live' });
    expectPricedAt(await quotesFor('eth_sepolia'), 3000, 'live');
    expectPricedAt(await quotesFor('polygon_amoy'), 0.5, 'live');
    expectPricedAt(await quotesFor('solana_devnet'), 150, 'live');
  });

  it('follows the simulated feed when the upstream fails, and says so', async () => {
    const failure = { kind: 'json', status: 500, body: { error: 'down' } } as const;
    upstream.enqueue(failure, failure, failure, failure);
    clock.offsetMs += 16 * SECOND;
    const served = await prices();
    expect(served.prices.ethereum.source).toBe('simulated');
    expectPricedAt(await quotesFor('eth_sepolia'), served.prices.ethereum.prices.usd, 'simulated');
  });

  it('never waits for the upstream: with the cache expired and the upstream hanging, quotes answer at once at the cached price', async () => {
    clock.offsetMs += 16 * SECOND;
    expect((await prices()).prices.ethereum.source).toBe('live');
    upstream.reset();
    upstream.enqueue({ kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' });
    clock.offsetMs += 16 * SECOND;
    const started = performance.now();
    const quoted = await quotesFor('eth_sepolia');
    // Waiting would take 5 s (the hanging attempt's timeout) at the very least.
    expect(performance.now() - started).toBeLessThan(3000);
    expectPricedAt(quoted, 3000, 'live');
    // ...and the expired cache was refreshed in the background, once.
    await vi.waitFor(() => expect(upstream.requests).toHaveLength(1));
  });
});
