import type { CoinPriceView, DisplayCurrency, PriceFeedSource, PriceTokenId } from '@fincrypt/domain';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { pricePoints } from '../../db/schema.ts';

export type PricePointRow = typeof pricePoints.$inferInsert;

const MINUTE_MS = 60_000;
const INSERT_BATCH_ROWS = 1000;

export const minuteStart = (atMs: number) => Math.floor(atMs / MINUTE_MS) * MINUTE_MS;

export function toPricePointRow(tokenId: PriceTokenId, coin: Pick<CoinPriceView, 'prices' | 'change24h' | 'source'>, recordedAt: Date): PricePointRow {
  return { tokenId, recordedAt, source: coin.source, ...coin.prices, change24h: coin.change24h };
}

/** Inserts points; a coin that already has a point at that instant keeps it (first writer wins). */
export async function insertPricePoints(db: Db, rows: readonly PricePointRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH_ROWS) {
    await db
      .insert(pricePoints)
      .values(rows.slice(i, i + INSERT_BATCH_ROWS))
      .onConflictDoNothing({ target: [pricePoints.tokenId, pricePoints.recordedAt] });
  }
}

export async function earliestPricePoint(db: Db, tokenId: PriceTokenId) {
  const [first] = await db
    .select()
    .from(pricePoints)
    .where(eq(pricePoints.tokenId, tokenId))
    .orderBy(pricePoints.recordedAt)
    .limit(1);
  return first;
}

export async function latestPricePoint(db: Db, tokenId: PriceTokenId) {
  const [last] = await db
    .select()
    .from(pricePoints)
    .where(eq(pricePoints.tokenId, tokenId))
    .orderBy(desc(pricePoints.recordedAt))
    .limit(1);
  return last;
}

const PRICE_COLUMNS = {
  inr: pricePoints.inr,
  usd: pricePoints.usd,
  eur: pricePoints.eur,
  gbp: pricePoints.gbp,
  jpy: pricePoints.jpy,
} as const satisfies Record<DisplayCurrency, unknown>;

export interface HistoryBucket {
  startMs: number;
  /** The last price recorded in the bucket. */
  price: number;
  source: PriceFeedSource;
}

/**
 * One point per `bucketHours` (buckets aligned to UTC midnight) from `since` on: the last price recorded
 * in each bucket, in `currency`, oldest first.
 */
export async function selectHistoryBuckets(
  db: Db,
  query: { tokenId: PriceTokenId; currency: DisplayCurrency; since: Date; bucketHours: number },
): Promise<HistoryBucket[]> {
  if (!Number.isInteger(query.bucketHours) || query.bucketHours < 1 || query.bucketHours > 24) {
    throw new RangeError(`bucketHours must be 1 to 24, got ${query.bucketHours}`);
  }
  const column = PRICE_COLUMNS[query.currency];
  // Written into the SQL rather than bound, so GROUP BY sees the very same expression as SELECT.
  const bucket = sql`date_bin(interval '${sql.raw(String(query.bucketHours))} hours', ${pricePoints.recordedAt}, timestamptz '2000-01-01T00:00:00Z')`;
  const rows = await db
    .select({
      startMs: sql<number>`extract(epoch from ${bucket})::float8 * 1000`,
      price: sql<number>`(array_agg(${column} order by ${pricePoints.recordedAt} desc))[1]`,
      source: sql<PriceFeedSource>`(array_agg(${pricePoints.source} order by ${pricePoints.recordedAt} desc))[1]`,
    })
    .from(pricePoints)
    .where(and(eq(pricePoints.tokenId, query.tokenId), gte(pricePoints.recordedAt, query.since)))
    .groupBy(bucket)
    .orderBy(bucket);
  return rows.map((row) => ({ startMs: Number(row.startMs), price: Number(row.price), source: row.source }));
}

/**
 * Keeps the table small: minute points older than `thinBefore` are thinned to the first of each hour,
 * and everything older than `deleteBefore` goes.
 */
export async function compactPriceHistory(db: Db, { thinBefore, deleteBefore }: { thinBefore: Date; deleteBefore: Date }) {
  await db.delete(pricePoints).where(lt(pricePoints.recordedAt, deleteBefore));
  await db.execute(sql`
    delete from ${pricePoints} as later
    using ${pricePoints} as earlier
    where later.token_id = earlier.token_id
      and later.recorded_at < ${thinBefore.toISOString()}::timestamptz
      and date_trunc('hour', earlier.recorded_at, 'UTC') = date_trunc('hour', later.recorded_at, 'UTC')
      and earlier.recorded_at < later.recorded_at`);
}
