import { setTimeout as delay } from 'node:timers/promises';
import {
  type CoinPriceView,
  DISPLAY_CURRENCIES,
  type DisplayCurrency,
  FALLBACK_FX_PER_USD,
  FALLBACK_PRICES,
  PRICE_TOKEN_IDS,
  type PriceFeedSource,
  type PriceFigure,
  type PriceTokenId,
  pricesFromUsd,
} from '@fincrypt/domain';

/** What one coin's entry held, figure by figure; a figure that failed validation is absent. */
export interface UpstreamQuote {
  prices: Partial<Record<DisplayCurrency, number>>;
  change24h: number | undefined;
}

/** Coins absent from the answer are absent here. */
export type UpstreamPrices = Partial<Record<PriceTokenId, UpstreamQuote>>;

/** Every attempt failed; `message` is the last attempt's reason. */
export class PriceFeedError extends Error {
  constructor(
    message: string,
    readonly attempts: number,
  ) {
    super(message);
    this.name = 'PriceFeedError';
  }
}

/** A price is a number, not NaN, not negative (docs/product.md#prices). */
export const isValidPrice = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

const isValidChange = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a `simple/price` body: `{ ethereum: { usd: 2200, usd_24h_change: 1.5, … }, … }`. A body that is
 * not an object is an error ('Invalid data structure'); a coin or figure that is missing or invalid is
 * only left out, for the caller to fill from the fallback table.
 */
export function parseSimplePriceBody(body: unknown): UpstreamPrices {
  if (!isPlainObject(body)) throw new Error('Invalid data structure');
  const result: UpstreamPrices = {};
  for (const tokenId of PRICE_TOKEN_IDS) {
    const entry = body[tokenId];
    if (!isPlainObject(entry)) continue;
    const prices: Partial<Record<DisplayCurrency, number>> = {};
    for (const currency of DISPLAY_CURRENCIES) {
      const value = entry[currency];
      if (isValidPrice(value)) prices[currency] = value;
    }
    // One change figure per coin: the dollar one, as the tickers quote it.
    const change = entry.usd_24h_change;
    result[tokenId] = { prices, change24h: isValidChange(change) ? change : undefined };
  }
  return result;
}

const SOURCE_RANK: Record<PriceFeedSource, number> = { live: 0, simulated: 1, fallback: 2 };

/** The least trustworthy of a coin's figure sources: 'live' only when every figure is. */
export function overallSource(sources: Iterable<PriceFeedSource>): PriceFeedSource {
  let worst: PriceFeedSource = 'live';
  for (const source of sources) if (SOURCE_RANK[source] > SOURCE_RANK[worst]) worst = source;
  return worst;
}

/** The middle value (the mean of the two middle ones for an even count); undefined for none. */
function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The answer's one FX table: for each currency, the median over the coins priced live in it and in dollars of the
 * one price divided by the other (so one coin's odd figure cannot move it); the fallback table's rate where no coin
 * gives both. `live` says which rates came from the answer.
 */
export function fxTableOf(upstream: UpstreamPrices): { perUsd: Record<DisplayCurrency, number>; live: Record<DisplayCurrency, boolean> } {
  const perUsd = {} as Record<DisplayCurrency, number>;
  const live = {} as Record<DisplayCurrency, boolean>;
  for (const currency of DISPLAY_CURRENCIES) {
    const ratios = PRICE_TOKEN_IDS.flatMap((tokenId) => {
      const prices = upstream[tokenId]?.prices;
      return prices?.usd && prices[currency] ? [prices[currency] / prices.usd] : [];
    });
    const rate = currency === 'usd' ? 1 : median(ratios);
    perUsd[currency] = rate ?? FALLBACK_FX_PER_USD[currency];
    live[currency] = rate !== undefined;
  }
  return { perUsd, live };
}

/**
 * Each coin's dollar price (live where valid, else its fallback) in every currency through the answer's one FX table
 * (docs/product.md#prices), saying per figure whether it rests on live figures only: so every coin gives the same
 * cross rates, and a payment is worth the same whichever coin carries it.
 */
export function withFallbacks(upstream: UpstreamPrices): Record<PriceTokenId, CoinPriceView> {
  const fx = fxTableOf(upstream);
  const entries = PRICE_TOKEN_IDS.map((tokenId) => {
    const quote = upstream[tokenId];
    const fallback = FALLBACK_PRICES[tokenId];
    const liveUsd = quote?.prices.usd;
    const prices = pricesFromUsd(liveUsd ?? fallback.prices.usd, fx.perUsd);
    const figureSources = {} as Record<PriceFigure, PriceFeedSource>;
    for (const currency of DISPLAY_CURRENCIES) figureSources[currency] = liveUsd !== undefined && fx.live[currency] ? 'live' : 'fallback';
    const change24h = quote?.change24h ?? fallback.change24h;
    figureSources.change24h = quote?.change24h === undefined ? 'fallback' : 'live';
    const coin: CoinPriceView = { prices, change24h, source: overallSource(Object.values(figureSources)), figureSources };
    return [tokenId, coin] as const;
  });
  return Object.fromEntries(entries) as Record<PriceTokenId, CoinPriceView>;
}

export interface SimplePriceClientOptions {
  /** e.g. https://api.coingecko.com/api/v3 (no trailing slash). */
  baseUrl: string;
  apiKey?: string | undefined;
  timeoutMs: number;
  retries: number;
  retryBaseDelayMs: number;
  /** Tests pass a recorder that resolves at once. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export type SimplePriceClient = ReturnType<typeof createSimplePriceClient>;

const sleepUnlessAborted = (ms: number, signal?: AbortSignal) => delay(ms, undefined, { signal });

/**
 * The price client (docs/product.md#prices): one GET of `simple/price` for the three coins and USDC in the five currencies with the
 * 24h change; each attempt times out after `timeoutMs`; a failed attempt (network error, timeout, non-OK
 * status, body that is not a JSON object) is retried up to `retries` times, retry n after n × `retryBaseDelayMs`.
 */
export function createSimplePriceClient(options: SimplePriceClientOptions) {
  const sleep = options.sleep ?? sleepUnlessAborted;
  const url = new URL(`${options.baseUrl}/simple/price`);
  url.searchParams.set('ids', PRICE_TOKEN_IDS.join(','));
  url.searchParams.set('vs_currencies', DISPLAY_CURRENCIES.join(','));
  url.searchParams.set('include_24hr_change', 'true');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey) headers['x-cg-demo-api-key'] = options.apiKey;

  async function attempt(signal: AbortSignal | undefined): Promise<UpstreamPrices> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const response = await fetch(url, { headers, signal: combined });
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`HTTP error! status: ${response.status}`);
      }
      let body: unknown;
      try {
        body = JSON.parse(await response.text());
      } catch (error) {
        if (timeout.aborted || signal?.aborted) throw error;
        throw new Error('Invalid data structure');
      }
      return parseSimplePriceBody(body);
    } catch (error) {
      if (timeout.aborted && !signal?.aborted) throw new Error(`Price request timed out after ${options.timeoutMs} ms`);
      throw error;
    }
  }

  return {
    url: url.toString(),
    async fetchPrices(signal?: AbortSignal): Promise<UpstreamPrices> {
      const attempts = options.retries + 1;
      let lastError: unknown;
      for (let n = 1; n <= attempts; n++) {
        if (n > 1) await sleep(options.retryBaseDelayMs * (n - 1), signal);
        try {
          return await attempt(signal);
        } catch (error) {
          if (signal?.aborted) throw error;
          lastError = error;
        }
      }
      throw new PriceFeedError(lastError instanceof Error ? lastError.message : String(lastError), attempts);
    },
  };
}
