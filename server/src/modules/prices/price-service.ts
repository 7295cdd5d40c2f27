import type { FastifyBaseLogger } from 'fastify';
import type { PriceFeedSettings } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { SimplePriceClientOptions } from './coingecko-client.ts';
import { createLivePriceCache, type LivePriceCache } from './live-price-cache.ts';
import { createPriceHistoryStore } from './price-history-store.ts';

export interface PriceServiceOptions {
  db: Db;
  settings: PriceFeedSettings;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now?: () => number;
  /** Tests make retries instant. */
  sleep?: SimplePriceClientOptions['sleep'];
  maxWaitMs?: number;
}

export type PriceService = ReturnType<typeof createPriceService>;

/**
 * The live price cache (live-price-cache.ts) and the price-history store (price-history-store.ts) put
 * together: every fresh snapshot the cache takes is recorded as a price point, so history accumulates.
 */
export function createPriceService(options: PriceServiceOptions) {
  const { db, settings, log } = options;
  const now = options.now ?? Date.now;
  const lifetime = new AbortController();
  const store = createPriceHistoryStore({
    db,
    log,
    now,
    cacheTtlMs: settings.cacheTtlMs,
    signal: lifetime.signal,
    currentPrices: () => cache.getSnapshot(),
  });
  const cache: LivePriceCache = createLivePriceCache({
    settings,
    log,
    now,
    sleep: options.sleep,
    maxWaitMs: options.maxWaitMs,
    signal: lifetime.signal,
    onFresh: (snapshot) => store.record(snapshot),
  });

  return {
    getSnapshot: cache.getSnapshot,
    snapshotAtHand: cache.snapshotAtHand,
    ensureHistory: store.ensureHistory,
    history: store.history,
    dailyCloses: store.dailyCloses,
    latestPoint: store.latestPoint,

    /** Refreshes (and so records) prices every `intervalMs` whether or not anyone is looking. */
    startRecorder(intervalMs: number) {
      const tick = () => {
        store
          .ensureHistory()
          .then(cache.getSnapshot)
          .catch((error: unknown) => {
            if (!lifetime.signal.aborted) log.error({ err: error }, 'price recorder tick failed');
          });
      };
      tick();
      const timer = setInterval(tick, intervalMs);
      timer.unref();
      return { stop: () => clearInterval(timer) };
    },

    /** Stops any upstream call in flight; later calls fail. */
    close(): void {
      lifetime.abort();
    },
  };
}
