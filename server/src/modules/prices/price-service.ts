import {
  type CoinPriceView,
  DISPLAY_CURRENCIES,
  type DisplayCurrency,
  PRICE_FIGURES,
  PRICE_HISTORY_BUCKET_HOURS,
  PRICE_TOKEN_IDS,
  type PriceFeedSource,
  type PriceFigure,
  type PriceHistoryDays,
  type PriceHistoryResponse,
  type PriceTokenId,
} from '@fincrypt/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { PriceFeedSettings } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { type SimplePriceClientOptions, createSimplePriceClient, withFallbacks } from './coingecko-client.ts';
import {
  type PricePointRow,
  compactPriceHistory,
  earliestPricePoint,
  insertPricePoints,
  latestPricePoint,
  minuteStart,
  selectHistoryBuckets,
  toPricePointRow,
} from './repo.ts';
import { simulatedTokenPrice } from './simulated-feed.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Simulated history reaches this far back on a fresh install (a day more than the longest chart). */
export const SEEDED_HISTORY_DAYS = 91;
/** Minute points older than this are thinned to one per hour... */
export const MINUTE_RESOLUTION_MS = 2 * DAY_MS;
/** ...and points older than this are deleted. */
export const HISTORY_RETENTION_MS = 120 * DAY_MS;
const COMPACTION_INTERVAL_MS = HOUR_MS;
/** Forecasts are fitted on this many daily closes. */
export const FORECAST_HISTORY_DAYS = 90;

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

interface HistoryQuery {
  token: PriceTokenId;
  days: PriceHistoryDays;
  currency: DisplayCurrency;
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
 * Prices for everyone from one cached upstream call per `cacheTtlMs` (concurrent callers share the call in
 * flight), the simulated feed when there is no upstream or it fails, and every fresh answer recorded as a
 * price point so history accumulates.
 */
export function createPriceService(options: PriceServiceOptions) {
  const { db, settings, log } = options;
  const now = options.now ?? Date.now;
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
  const lifetime = new AbortController();
  let cached: { snapshot: PriceSnapshot; fetchedAtMs: number } | undefined;
  let inFlight: { promise: Promise<PriceSnapshot>; startedAtMs: number } | undefined;
  let lastCompactionMs = Number.NEGATIVE_INFINITY;
  /** The newest snapshot's write to the history; readers of the history wait for it, price requests do not. */
  let recording: Promise<void> = Promise.resolve();
  let historyReady: Promise<void> | undefined;
  const historyCache = new Map<string, { answer: Promise<PriceHistoryResponse>; loadedAtMs: number }>();

  async function record(snapshot: PriceSnapshot): Promise<void> {
    const recordedAt = new Date(minuteStart(snapshot.updatedAt.getTime()));
    try {
      await insertPricePoints(
        db,
        PRICE_TOKEN_IDS.map((tokenId) => toPricePointRow(tokenId, snapshot.prices[tokenId], recordedAt)),
      );
      const atMs = now();
      if (atMs - lastCompactionMs >= COMPACTION_INTERVAL_MS) {
        lastCompactionMs = atMs;
        await compactPriceHistory(db, {
          thinBefore: new Date(atMs - MINUTE_RESOLUTION_MS),
          deleteBefore: new Date(atMs - HISTORY_RETENTION_MS),
        });
      }
    } catch (error) {
      if (!lifetime.signal.aborted) log.error({ err: error }, 'could not record price points');
    }
  }

  async function refresh(): Promise<PriceSnapshot> {
    let snapshot: PriceSnapshot;
    if (client) {
      try {
        const upstream = await client.fetchPrices(lifetime.signal);
        snapshot = { prices: withFallbacks(upstream), updatedAt: new Date(now()) };
      } catch (error) {
        if (lifetime.signal.aborted) throw error;
        log.warn({ err: error, url: client.url }, 'price feed failed; serving the simulated feed');
        snapshot = simulatedSnapshot(now());
      }
    } else {
      snapshot = simulatedSnapshot(now());
    }
    cached = { snapshot, fetchedAtMs: now() };
    recording = record(snapshot);
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
    if (lifetime.signal.aborted) throw new Error('price service is closed');
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
    if (lifetime.signal.aborted) throw new Error('price service is closed');
    if (!cached || now() - cached.fetchedAtMs >= settings.cacheTtlMs) getSnapshot().catch(() => undefined);
    return cached?.snapshot ?? simulatedSnapshot(now());
  }

  /**
   * History before recording began is simulated, once: hourly points back to SEEDED_HISTORY_DAYS, scaled
   * so they meet the first recorded point without a jump. Safe to run from several processes at once.
   */
  async function seedHistory(): Promise<void> {
    await getSnapshot();
    await recording;
    const seedFromMs = Math.floor((now() - SEEDED_HISTORY_DAYS * DAY_MS) / HOUR_MS) * HOUR_MS;
    for (const tokenId of PRICE_TOKEN_IDS) {
      const earliest = await earliestPricePoint(db, tokenId);
      const seedUntilMs = earliest ? earliest.recordedAt.getTime() : minuteStart(now());
      if (seedUntilMs <= seedFromMs) continue;
      const anchor = simulatedTokenPrice(tokenId, seedUntilMs).prices;
      const scale = Object.fromEntries(
        DISPLAY_CURRENCIES.map((currency) => [currency, earliest ? earliest[currency] / anchor[currency] : 1]),
      ) as Record<DisplayCurrency, number>;
      const rows: PricePointRow[] = [];
      for (let atMs = seedFromMs; atMs < seedUntilMs; atMs += HOUR_MS) {
        const simulated = simulatedTokenPrice(tokenId, atMs);
        const prices = Object.fromEntries(
          DISPLAY_CURRENCIES.map((currency) => [currency, simulated.prices[currency] * scale[currency]]),
        ) as Record<DisplayCurrency, number>;
        rows.push(toPricePointRow(tokenId, { prices, change24h: simulated.change24h, source: 'simulated' }, new Date(atMs)));
      }
      await db.transaction((tx) => insertPricePoints(tx as unknown as Db, rows));
    }
  }

  function ensureHistory(): Promise<void> {
    historyReady ??= seedHistory().catch((error: unknown) => {
      historyReady = undefined;
      throw error;
    });
    return historyReady;
  }

  async function loadHistory(query: HistoryQuery): Promise<PriceHistoryResponse> {
    await ensureHistory();
    await recording;
    const bucketHours = PRICE_HISTORY_BUCKET_HOURS[query.days];
    const buckets = await selectHistoryBuckets(db, {
      tokenId: query.token,
      currency: query.currency,
      since: new Date(now() - query.days * DAY_MS),
      bucketHours,
    });
    return {
      token: query.token,
      currency: query.currency,
      days: query.days,
      bucketHours,
      points: buckets.map((bucket) => ({ time: new Date(bucket.startMs).toISOString(), price: bucket.price, source: bucket.source })),
    };
  }

  /** History answers are shared like prices: one query per coin, period and currency per cache window (60 keys at most). */
  function history(query: HistoryQuery): Promise<PriceHistoryResponse> {
    const key = `${query.token}:${query.days}:${query.currency}`;
    const hit = historyCache.get(key);
    if (hit && now() - hit.loadedAtMs < settings.cacheTtlMs) return hit.answer;
    const answer = loadHistory(query);
    historyCache.set(key, { answer, loadedAtMs: now() });
    answer.catch(() => historyCache.delete(key));
    return answer;
  }

  return {
    getSnapshot,
    snapshotAtHand,
    ensureHistory,
    history,

    /** Daily closes in `currency` over the last FORECAST_HISTORY_DAYS, oldest first. */
    async dailyCloses(tokenId: PriceTokenId, currency: DisplayCurrency): Promise<number[]> {
      await ensureHistory();
      await recording;
      const buckets = await selectHistoryBuckets(db, {
        tokenId,
        currency,
        since: new Date(now() - FORECAST_HISTORY_DAYS * DAY_MS),
        bucketHours: 24,
      });
      return buckets.map((bucket) => bucket.price);
    },

    /** The newest recorded point: it changes at most once a minute, so what is built on it is stable that long. */
    async latestPoint(tokenId: PriceTokenId) {
      await getSnapshot();
      await recording;
      return latestPricePoint(db, tokenId);
    },

    /** Refreshes (and so records) prices every `intervalMs` whether or not anyone is looking. */
    startRecorder(intervalMs: number) {
      const tick = () => {
        ensureHistory()
          .then(getSnapshot)
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
