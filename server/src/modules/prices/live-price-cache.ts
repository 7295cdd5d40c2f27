import {
  type CoinPriceView,
  PRICE_FIGURES,
  PRICE_TOKEN_IDS,
  type PriceFeedSource,
  type PriceFigure,
  type PriceTokenId,
} from '@fincrypt/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { PriceFeedSettings } from '../../config.ts';
import { type SimplePriceClientOptions, createSimplePriceClient, withFallbacks } from './coingecko-client.ts';
import { simulatedTokenPrice } from './simulated-feed.ts';

/**
 * A request waits at most this long after a refresh began before it is answered with the prices at hand
 * (the previous ones, or the simulated feed on the very first call): with the feed's timeout and
 * retries (docs/product.md#prices) a dead upstream takes half a minute to give up.
 */
export const DEFAULT_MAX_WAIT_MS = 1500;

export interface PriceSnapshot {
  prices: Record<PriceTokenId, CoinPriceView>;
  updatedAt: Date;
}

export interface LivePriceCacheOptions {
  settings: PriceFeedSettings;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now: () => number;
  /** Tests make retries instant. */
  sleep?: SimplePriceClientOptions['sleep'];
  maxWaitMs?: number;
  /** Aborted when the app closes: stops an upstream call in flight, and later calls fail. */
  signal: AbortSignal;
  /** Called with every fresh snapshot, as it is cached (the price-history store records it). */
  onFresh: (snapshot: PriceSnapshot) => void;
}

function allFigures(source: PriceFeedSource): Record<PriceFigure, PriceFeedSource> {
  return Object.fromEntries(PRICE_FIGURES.map((figure) => [figure, source])) as Record<PriceFigure, PriceFeedSource>;
}

export function simulatedSnapshot(atMs: number): PriceSnapshot {
  const prices = Object.fromEntries(
    PRICE_TOKEN_IDS.map((tokenId) => {
      const coin: CoinPriceView = { ...simulatedTokenPrice(tokenId, atMs), source: 'simulated', figureSources: allFigures('simulated') };
      return [tokenId, coin];
    }),
  ) as Record<PriceTokenId, CoinPriceView>;
  return { prices, updatedAt: new Date(atMs) };
}

/**
 * The live prices: one cached upstream call per `cacheTtlMs` for everyone (concurrent callers share the
 * call in flight), and the simulated feed when there is no upstream or it fails.
 */
export function createLivePriceCache(options: LivePriceCacheOptions) {
  const { settings, log, now, signal, onFresh } = options;
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  const client = settings.apiUrl
    ? createSimplePriceClient({
        baseUrl: settings.apiUrl,
        apiKey: settings.apiKey,
        timeoutMs: settings.timeoutMs,
        retries: settings.retries,
        retryBaseDelayMs: settings.retryBaseDelayMs,
        sleep: options.sleep,
      })
    : undefined;
  let cached: { snapshot: PriceSnapshot; fetchedAtMs: number } | undefined;
  let inFlight: { promise: Promise<PriceSnapshot>; startedAtMs: number } | undefined;

  async function refresh(): Promise<PriceSnapshot> {
    let snapshot: PriceSnapshot;
    if (client) {
      try {
        const upstream = await client.fetchPrices(signal);
        snapshot = { prices: withFallbacks(upstream), updatedAt: new Date(now()) };
      } catch (error) {
        if (signal.aborted) throw error;
        log.warn({ err: error, url: client.url }, 'price feed failed; serving the simulated feed');
        snapshot = simulatedSnapshot(now());
      }
    } else {
      snapshot = simulatedSnapshot(now());
    }
    cached = { snapshot, fetchedAtMs: now() };
    onFresh(snapshot);
    return snapshot;
  }

  /** Settles with the refresh, or with what is at hand once the refresh has run for maxWaitMs. */
  function answerWithin(refreshing: { promise: Promise<PriceSnapshot>; startedAtMs: number }): Promise<PriceSnapshot> {
    const remainingMs = refreshing.startedAtMs + maxWaitMs - now();
    const atHand = () => cached?.snapshot ?? simulatedSnapshot(now());
    if (remainingMs <= 0) return Promise.resolve(atHand());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve(atHand()), remainingMs);
      timer.unref();
      refreshing.promise.then(
        (snapshot) => {
          clearTimeout(timer);
          resolve(snapshot);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  async function getSnapshot(): Promise<PriceSnapshot> {
    if (signal.aborted) throw new Error('price service is closed');
    if (cached && now() - cached.fetchedAtMs < settings.cacheTtlMs) return cached.snapshot;
    if (!inFlight) {
      const started = { promise: refresh(), startedAtMs: now() };
      inFlight = started;
      started.promise
        .finally(() => {
          if (inFlight === started) inFlight = undefined;
        })
        .catch(() => undefined);
    }
    return answerWithin(inFlight);
  }

  /**
   * The prices at hand, without waiting: the cached snapshot, or the simulated feed before the first one.
   * When the cache has expired a refresh starts in the background (shared with /api/prices), so callers on a
   * hot path such as fee quotes follow the same prices and never wait for the upstream.
   */
  function snapshotAtHand(): PriceSnapshot {
    if (signal.aborted) throw new Error('price service is closed');
    if (!cached || now() - cached.fetchedAtMs >= settings.cacheTtlMs) getSnapshot().catch(() => undefined);
    return cached?.snapshot ?? simulatedSnapshot(now());
  }

  return { getSnapshot, snapshotAtHand };
}

export type LivePriceCache = ReturnType<typeof createLivePriceCache>;
