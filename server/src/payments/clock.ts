import { CONFIRMATION_INTERVAL_MS, confirmationsAt, MAX_CONFIRMATIONS, type GasSpeed } from '@fincrypt/domain';
import { asc, eq, getTableColumns, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { transactions } from '../db/schema.ts';
import { blockNumberAt } from '../chain/blocks.ts';
import type { EventBus } from '../lib/event-bus.ts';
import { networkOf, toTransactionView } from './views.ts';

export interface ChainClockOptions {
  db: Db;
  events: EventBus;
  /** Chain time runs this many times faster than the wall clock. */
  timeScale: number;
  /** Rows updated per statement; a tick loops until nothing is due. */
  batchSize?: number;
}

export interface TickResult {
  /** Transactions whose confirmations rose. */
  advanced: number;
  /** Of those, the ones that left pending (entered a block). */
  included: number;
}

interface DueRow {
  id: string;
  network: string;
  speed: GasSpeed;
  status: 'pending' | 'confirmed' | 'failed';
  confirmations: number;
  includeAt: Date;
}

export interface Progress {
  confirmations: number;
  blockNumber: number;
  /** When the next confirmation is due; null once the transaction has all of them. */
  nextConfirmationAt: Date | null;
}

/**
 * Where a transaction stands at `nowMs`, from its stored inclusion time alone: a restarted or late clock
 * lands on the same answer as one that never stopped.
 */
export function progressAt(row: Pick<DueRow, 'network' | 'speed' | 'includeAt'>, nowMs: number, timeScale: number): Progress {
  const includedAtMs = row.includeAt.getTime();
  const chainElapsedMs = (nowMs - includedAtMs) * timeScale;
  const confirmations = confirmationsAt(row.speed, includedAtMs, includedAtMs + chainElapsedMs);
  const intervalMs = CONFIRMATION_INTERVAL_MS[row.speed];
  const nextConfirmationAt =
    confirmations >= MAX_CONFIRMATIONS
      ? null
      : new Date(Math.max(nowMs + 1, includedAtMs + Math.ceil((confirmations * intervalMs) / timeScale)));
  return { confirmations, blockNumber: blockNumberAt(networkOf(row.network).id, includedAtMs), nextConfirmationAt };
}

/** A PostgreSQL array literal; every element quoted, null as NULL. */
function arrayLiteral(values: readonly (string | number | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : `"${String(value)}"`)).join(',')}}`;
}

/**
 * Moves transactions along by their stored schedule: pending → confirmed (1 confirmation, a block number)
 * once `include_at` has passed, then one more confirmation per interval of their speed, up to 12. No timer
 * per transaction: one `tick` updates everything due, in batches, through the `next_confirmation_at` index.
 * Events go out after each batch has been written.
 */
export function createChainClock({ db, events, timeScale, batchSize = 5_000 }: ChainClockOptions) {
  if (!(timeScale > 0)) throw new RangeError('timeScale must be above 0');

  async function advanceBatch(nowMs: number): Promise<{ due: number; result: TickResult }> {
    const due: DueRow[] = await db
      .select({
        id: transactions.id,
        network: transactions.network,
        speed: transactions.speed,
        status: transactions.status,
        confirmations: transactions.confirmations,
        includeAt: transactions.includeAt,
      })
      .from(transactions)
      .where(lte(transactions.nextConfirmationAt, new Date(nowMs)))
      .orderBy(asc(transactions.nextConfirmationAt))
      .limit(batchSize);
    if (due.length === 0) return { due: 0, result: { advanced: 0, included: 0 } };

    const progress = due.map((row) => progressAt(row, nowMs, timeScale));
    const ids = arrayLiteral(due.map((row) => row.id));
    const confirmations = arrayLiteral(progress.map((step) => step.confirmations));
    const blocks = arrayLiteral(progress.map((step) => step.blockNumber));
    const nextAt = arrayLiteral(progress.map((step) => step.nextConfirmationAt?.toISOString() ?? null));
    const updated = await db
      .update(transactions)
      .set({
        status: sql`case when ${transactions.status} = 'pending' then 'confirmed' else ${transactions.status} end`,
        confirmations: sql`greatest(${transactions.confirmations}, step.confirmations)`,
        blockNumber: sql`coalesce(${transactions.blockNumber}, step.block_number)`,
        nextConfirmationAt: sql`step.next_at`,
      })
      .from(
        sql`unnest(${ids}::uuid[], ${confirmations}::int[], ${blocks}::bigint[], ${nextAt}::timestamptz[])
              as step(id, confirmations, block_number, next_at)`,
      )
      .where(eq(transactions.id, sql`step.id`))
      .returning(getTableColumns(transactions));

    const before = new Map(due.map((row) => [row.id, row]));
    const result: TickResult = { advanced: 0, included: 0 };
    for (const row of updated) {
      const previous = before.get(row.id);
      if (!previous || previous.confirmations === row.confirmations) continue;
      result.advanced += 1;
      if (previous.status === 'pending' && row.status === 'confirmed') {
        result.included += 1;
        events.publish(row.userId, 'transaction_status', { hash: row.hash, network: networkOf(row.network).id, status: 'confirmed' });
      }
      events.publish(row.userId, 'transaction_update', { transaction: toTransactionView(row) });
    }
    return { due: due.length, result };
  }

  return {
    /** Brings every transaction up to `nowMs` (wall-clock milliseconds). Safe to call at any time, any number of times. */
    async tick(nowMs: number = Date.now()): Promise<TickResult> {
      const total: TickResult = { advanced: 0, included: 0 };
      for (;;) {
        const { due, result } = await advanceBatch(nowMs);
        total.advanced += result.advanced;
        total.included += result.included;
        if (due < batchSize) return total;
      }
    },
  };
}

export type ChainClock = ReturnType<typeof createChainClock>;
