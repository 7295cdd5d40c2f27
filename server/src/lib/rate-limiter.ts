import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rateLimitCounters } from '../db/schema.ts';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimitVerdict {
  isAllowed: boolean;
  hits: number;
  retryAfterMs: number;
}

/** Whether `hits` in the window that started at `windowStartedAt` are within the rule. */
export function verdictOf(hits: number, windowStartedAt: Date, rule: RateLimitRule): RateLimitVerdict {
  const retryAfterMs = Math.max(0, windowStartedAt.getTime() + rule.windowMs - Date.now());
  return { isAllowed: hits <= rule.limit, hits, retryAfterMs };
}

/**
 * The statement that counts one attempt, answering `hits` and `window_started_at`: a new window once the old one has
 * expired. One upsert, so concurrent attempts on one key (several processes on one PostgreSQL) count exactly; a query
 * of its own, so another statement can carry it (a send claims its key and counts in one).
 */
export function countAttemptSql(key: string, rule: RateLimitRule) {
  const expired = sql`c.window_started_at <= now() - make_interval(secs => ${rule.windowMs / 1000}::float8)`;
  return sql`insert into rate_limit_counters as c (key, window_started_at, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when ${expired} then 1 else c.hits + 1 end,
      window_started_at = case when ${expired} then now() else c.window_started_at end
    returning c.hits, c.window_started_at`;
}

/** Counts one attempt: the counter's hits and when its window started. */
export async function countAttempt(db: Db, key: string, rule: RateLimitRule): Promise<{ hits: number; windowStartedAt: Date }> {
  const result = (await db.execute(countAttemptSql(key, rule))) as unknown as { rows: { hits: unknown; window_started_at: unknown }[] };
  const row = result.rows[0];
  if (!row) throw new Error('counting an attempt returned no row');
  return { hits: Number(row.hits), windowStartedAt: new Date(row.window_started_at as string | Date) };
}

/**
 * Fixed-window counters kept in the database, so every server process on one PostgreSQL shares them.
 * `hit` counts an attempt and says whether it is within the limit; `peek` only reads.
 */
export function createRateLimiter(db: Db) {
  return {
    async hit(key: string, rule: RateLimitRule): Promise<RateLimitVerdict> {
      const row = await countAttempt(db, key, rule);
      return verdictOf(row.hits, row.windowStartedAt, rule);
    },

    /** The state of a counter without counting; an expired window reads as empty. */
    async peek(key: string, rule: RateLimitRule): Promise<RateLimitVerdict> {
      const [row] = await db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key));
      if (!row || row.windowStartedAt.getTime() + rule.windowMs <= Date.now()) {
        return { isAllowed: true, hits: 0, retryAfterMs: 0 };
      }
      // A peek asks "may one more attempt start?", so the counter must still be below the limit.
      return { ...verdictOf(row.hits, row.windowStartedAt, rule), isAllowed: row.hits < rule.limit };
    },

    /** Takes back one counted attempt (one that was reserved and turned out not to count). */
    async release(key: string): Promise<void> {
      await db
        .update(rateLimitCounters)
        .set({ hits: sql`greatest(${rateLimitCounters.hits} - 1, 0)` })
        .where(eq(rateLimitCounters.key, key));
    },

    async reset(key: string): Promise<void> {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** "30 seconds", "1 minute", "60 minutes", "2 hours", "23 hours 5 minutes". */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  // Minutes up to two hours (every hourly limit reads as before); hours and minutes beyond (the faucet's day).
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${hours} hour${hours === 1 ? '' : 's'}${rest === 0 ? '' : ` ${rest} minute${rest === 1 ? '' : 's'}`}`;
}
