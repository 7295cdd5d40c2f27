import { FALLBACK_PRICES, pricesFromUsd } from '@fincrypt/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PriceFeedError, createSimplePriceClient, parseSimplePriceBody, withFallbacks } from './coingecko-client.ts';
import { FAKE_FX_PER_USD, type FakeCoinGecko, coinGeckoBody, startFakeCoinGecko } from './testing/fake-coingecko-server.ts';

const HEALTHY = coinGeckoBody({ ethereum: 3000, 'matic-network': 0.5, solana: 150 }, -2.5);

let upstream: FakeCoinGecko;
let sleeps: number[];

beforeAll(async () => {
  upstream = await startFakeCoinGecko({ kind: 'json', body: HEALTHY });
});
afterAll(() => upstream.close());
beforeEach(() => {
  upstream.reset();
  sleeps = [];
});

function client(overrides: { timeoutMs?: number; retries?: number; apiKey?: string } = {}) {
  return createSimplePriceClient({
    baseUrl: upstream.baseUrl,
    timeoutMs: overrides.timeoutMs ?? 2000,
    retries: overrides.retries ?? 3,
    retryBaseDelayMs: 1000,
    apiKey: overrides.apiKey,
    // Records the back-off instead of waiting it out.
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
}

/** Fetches, then fills the gaps from the fallback table as the price service does. */
async function fetchWithFallbacks() {
  return withFallbacks(await client().fetchPrices());
}

describe('simple/price client against a local CoinGecko', () => {
  it('asks for the three coins and USDC in five currencies with the 24h change, and reads every figure as live', async () => {
    const prices = await fetchWithFallbacks();
    expect(upstream.requests).toHaveLength(1);
    const { url } = upstream.requests[0]!;
    expect(url.pathname).toBe('/api/v3/simple/price');
    expect(url.searchParams.get('ids')).toBe('ethereum,matic-network,solana,usd-coin');
    expect(url.searchParams.get('vs_currencies')).toBe('inr,usd,eur,gbp,jpy');
    expect(url.searchParams.get('include_24hr_change')).toBe('true');
    expect(prices.ethereum).toEqual({
      prices: { inr: 249_000, usd: 3000, eur: 2760, gbp: 2370, jpy: 450_000 },
      change24h: -2.5,
      source: 'live',
      figureSources: { inr: 'live', usd: 'live', eur: 'live', gbp: 'live', jpy: 'live', change24h: 'live' },
    });
    expect(prices['matic-network'].prices.usd).toBe(0.5);
    expect(prices.solana.source).toBe('live');
    expect(prices['usd-coin']).toMatchObject({ prices: { usd: 0.9998, jpy: 149.97 }, change24h: 0.01, source: 'live' });
    expect(sleeps).toEqual([]);
  });

  it('sends the API key header when one is configured', async () => {
    await client({ apiKey: 'demo-key' }).fetchPrices();
    expect(upstream.requests[0]!.headers['x-cg-demo-api-key']).toBe('demo-key');
  });

  it('gives up on a request that does not answer within the timeout, after 3 retries backing off 1 s × attempt', async () => {
    upstream.enqueue({ kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' });
    const started = performance.now();
    const failure = client({ timeoutMs: 100 }).fetchPrices();
    await expect(failure).rejects.toBeInstanceOf(PriceFeedError);
    await expect(failure).rejects.toMatchObject({ message: 'Price request timed out after 100 ms', attempts: 4 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(4 * 100 - 20);
    expect(upstream.requests).toHaveLength(4);
    expect(sleeps).toEqual([1000, 2000, 3000]);
  });

  it('retries a 500 and reports the status when every attempt fails', async () => {
    upstream.enqueue(...Array.from({ length: 4 }, () => ({ kind: 'json' as const, status: 500, body: { error: 'boom' } })));
    await expect(client().fetchPrices()).rejects.toMatchObject({ message: 'HTTP error! status: 500', attempts: 4 });
    expect(upstream.requests).toHaveLength(4);
  });

  it('recovers from a 429 on a later attempt', async () => {
    upstream.enqueue({ kind: 'json', status: 429, body: { status: { error_code: 429 } } }, { kind: 'json', status: 429, body: {} });
    const prices = withFallbacks(await client().fetchPrices());
    expect(upstream.requests).toHaveLength(3);
    expect(sleeps).toEqual([1000, 2000]);
    expect(prices.ethereum.source).toBe('live');
  });

  it('treats a body that is not a JSON object as a failure: not JSON, an array, a number', async () => {
    upstream.enqueue({ kind: 'text', body: '<html>maintenance</html>' }, { kind: 'json', body: [1, 2] }, { kind: 'json', body: 42 });
    await expect(client({ retries: 2 }).fetchPrices()).rejects.toMatchObject({ message: 'Invalid data structure', attempts: 3 });
  });

  it("fills a missing coin with its fallback dollar price through the answer's FX table and says so, keeping the others live", async () => {
    const { solana: _solana, ...withoutSolana } = HEALTHY;
    upstream.enqueue({ kind: 'json', body: withoutSolana });
    const prices = await fetchWithFallbacks();
    expect(prices.solana).toMatchObject({ prices: pricesFromUsd(100, FAKE_FX_PER_USD), change24h: FALLBACK_PRICES.solana.change24h, source: 'fallback' });
    expect(prices.solana.prices.inr).toBe(8300);
    expect(Object.values(prices.solana.figureSources)).toEqual(Array(6).fill('fallback'));
    expect(prices.ethereum.source).toBe('live');
    expect(prices['matic-network'].source).toBe('live');
  });

  it('prices USDC at 1 USD in every currency through the same table when the feed leaves it out, keeping the coins live', async () => {
    const { 'usd-coin': _usdc, ...withoutUsdc } = HEALTHY;
    upstream.enqueue({ kind: 'json', body: withoutUsdc });
    const prices = await fetchWithFallbacks();
    expect(prices['usd-coin']).toMatchObject({ prices: { inr: 83, usd: 1, eur: 0.92, gbp: 0.79, jpy: 150 }, change24h: 0, source: 'fallback' });
    expect(prices.ethereum.source).toBe('live');
  });

  it('gives every coin the same cross rates: the median of the live ratios, which one odd figure cannot move', async () => {
    // ETH's euro figure is 10 % off the others': it neither moves the euro's rate nor prices ETH in euros itself.
    upstream.enqueue({ kind: 'json', body: { ...HEALTHY, ethereum: { ...HEALTHY.ethereum, eur: 3000 * 0.92 * 1.1 } } });
    const prices = await fetchWithFallbacks();
    for (const coin of Object.values(prices)) {
      expect(coin.prices.eur / coin.prices.inr).toBeCloseTo(0.92 / 83, 10);
      expect(coin.prices.jpy / coin.prices.usd).toBeCloseTo(150, 8);
    }
    expect(prices.ethereum.prices.eur).toBe(2760);
    expect(prices.ethereum.figureSources.eur).toBe('live');
  });

  it("a coin without a valid dollar price takes its fallback dollar price through the live table; one missing a currency gets it from its dollar price", async () => {
    const ethereum = { ...HEALTHY.ethereum, usd: 'NaN', eur: -5, gbp: null, usd_24h_change: 'abc' } as Record<string, unknown>;
    delete ethereum.jpy;
    const solana = { ...HEALTHY.solana } as Record<string, unknown>;
    delete solana.eur;
    upstream.enqueue({ kind: 'json', body: { ...HEALTHY, ethereum, solana } });
    const prices = await fetchWithFallbacks();
    expect(prices.ethereum.prices).toEqual(pricesFromUsd(FALLBACK_PRICES.ethereum.prices.usd, FAKE_FX_PER_USD));
    expect(prices.ethereum.change24h).toBe(FALLBACK_PRICES.ethereum.change24h);
    expect(prices.ethereum.figureSources).toEqual({ inr: 'fallback', usd: 'fallback', eur: 'fallback', gbp: 'fallback', jpy: 'fallback', change24h: 'fallback' });
    expect(prices.ethereum.source).toBe('fallback');
    expect(prices.solana.prices.eur).toBe(138);
    expect(prices.solana.source).toBe('live');
  });

  it('takes the fallback table\'s rate for a currency no coin prices live', async () => {
    const strip = (entry: object) => Object.fromEntries(Object.entries(entry).filter(([key]) => key !== 'gbp'));
    upstream.enqueue({ kind: 'json', body: Object.fromEntries(Object.entries(HEALTHY).map(([id, entry]) => [id, strip(entry)])) });
    const prices = await fetchWithFallbacks();
    expect(prices.solana.prices.gbp).toBe(150 * 0.79);
    expect(prices.solana.figureSources.gbp).toBe('fallback');
    expect(prices.solana.figureSources.eur).toBe('live');
  });

  it('accepts zero, refuses NaN, Infinity and negatives, and ignores coins it does not know', () => {
    const parsed = parseSimplePriceBody({
      ethereum: { inr: 0, usd: Number.NaN, eur: Number.POSITIVE_INFINITY, gbp: -0.01, jpy: 1, usd_24h_change: -12 },
      bitcoin: { usd: 60000 },
      solana: 'not an object',
      'usd-coin': { usd: 1.0001, eur: 0.92 },
    });
    expect(parsed).toEqual({
      ethereum: { prices: { inr: 0, jpy: 1 }, change24h: -12 },
      'usd-coin': { prices: { usd: 1.0001, eur: 0.92 }, change24h: undefined },
    });
  });

  it('refuses a body that is not an object', () => {
    for (const body of [null, undefined, 'prices', 7, []]) expect(() => parseSimplePriceBody(body)).toThrow('Invalid data structure');
  });
});
