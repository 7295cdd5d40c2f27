import {
  DISPLAY_CURRENCIES,
  type DisplayCurrency,
  PRICE_HISTORY_BUCKET_HOURS,
  PRICE_TOKEN_IDS,
  type PriceHistoryDays,
  type PriceHistoryResponse,
  type PriceTokenId,
} from '@fincrypt/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { PriceSnapshot } from './live-price-cache.ts';
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

export interface HistoryQuery {
  token: PriceTokenId;
  days: PriceHistoryDays;
  currency: DisplayCurrency;
}

export interface PriceHistoryStoreOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now: () => number;
  /** History answers are cached this long, like prices. */
  cacheTtlMs: number;
  /** Aborted when the app closes: a failed write after that is not worth a log line. */
  signal: AbortSignal;
  /** The live prices, refreshed when due: the history reaches up to them before it is read. */
  currentPrices: () => Promise<PriceSnapshot>;
}

/**
 * The price history in the database: every fresh snapshot recorded as a minute point (thinned to hourly
 * and then deleted as it ages), simulated hourly points before recording began, and the bucketed answers
 * the charts and forecasts read.
 */
export function createPriceHistoryStore(options: PriceHistoryStoreOptions) {
  const { db, log, now, cacheTtlMs, signal, currentPrices } = options;
  let lastCompactionMs = Number.NEGATIVE_INFINITY;
  /** The newest snapshot's write to the history; readers of the history wait for it, price requests do not. */
  let recording: Promise<void> = Promise.resolve();
  let historyReady: Promise<void> | undefined;
  const historyCache = new Map<string, { answer: Promise<PriceHistoryResponse>; loadedAtMs: number }>();

  async function write(snapshot: PriceSnapshot): Promise<void> {
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
      if (!signal.aborted) log.error({ err: error }, 'could not record price points');
    }
  }

  /** The current prices, with their point written. */
  async function upToDate(): Promise<void> {
    await currentPrices();
    await recording;
  }

  /**
   * History before recording began is simulated, once: hourly points back to SEEDED_HISTORY_DAYS, scaled
   * so they meet the first recorded point without a jump. Safe to run from several processes at once.
   */
  async function seedHistory(): Promise<void> {
    await upToDate();
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

  return {
    /** Records a fresh snapshot (in the background; readers of the history wait for it). */
    record(snapshot: PriceSnapshot): void {
      recording = write(snapshot);
    },

    ensureHistory,

    /** History answers are shared like prices: one query per coin, period and currency per cache window (60 keys at most). */
    history(query: HistoryQuery): Promise<PriceHistoryResponse> {
      const key = `${query.token}:${query.days}:${query.currency}`;
      const hit = historyCache.get(key);
      if (hit && now() - hit.loadedAtMs < cacheTtlMs) return hit.answer;
      const answer = loadHistory(query);
      historyCache.set(key, { answer, loadedAtMs: now() });
      answer.catch(() => historyCache.delete(key));
      return answer;
    },

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
      await upToDate();
      return latestPricePoint(db, tokenId);
    },
  };
}

export type PriceHistoryStore = ReturnType<typeof createPriceHistoryStore>;
