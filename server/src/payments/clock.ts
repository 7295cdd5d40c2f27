import { CONFIRMATION_INTERVAL_MS, confirmationsAt, EXPLORER_LIMITS, MAX_CONFIRMATIONS, type GasSpeed } from '@fincrypt/domain';
import { and, asc, eq, getTableColumns, inArray, lte, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { blocks, transactions } from '../db/schema.ts';
import { blockNumberAt, blockTimeOf } from '../chain/blocks.ts';
import { createOutbox, type EventBus, type Outbox } from '../lib/event-bus.ts';
import { networkOf, toExplorerBlockSummary, toExplorerListItem, toTransactionView, type TransactionRow } from './views.ts';

export interface ChainClockOptions {
  db: Db;
  events: EventBus;
  /** Chain time runs this many times faster than the wall clock. */
  timeScale: number;
  /** Rows updated per statement; a tick loops until nothing is due. */
  batchSize?: number;
  /** The networks this clock moves: those without a real node (chain/evm-chains.ts); every network when left out. */
  networks?: readonly string[];
}

export interface TickResult {
  /** Transactions whose confirmations rose. */
  advanced: number;
  /** Of those, the ones that left pending (entered a block). */
  included: number;
}

/** What a transaction's schedule follows from. */
interface ScheduledRow {
  network: string;
  speed: GasSpeed;
  includeAt: Date;
}

/** A due row as the clock reads it: what it was before its step, and where it is in the walk. */
interface DueRow {
  id: string;
  network: string;
  speed: GasSpeed;
  status: 'pending' | 'confirmed' | 'failed';
  confirmations: number;
  /** `include_at` in whole milliseconds, as a JavaScript Date holds it. */
  includedAtMs: number;
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
export function progressAt(row: ScheduledRow, nowMs: number, timeScale: number): Progress {
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

/** A timestamp column in whole milliseconds as float8, floored as a JavaScript Date read from it would be. */
export const wholeMillisecondsOf = (column: SQL | typeof transactions.includeAt) => sql<number>`floor(extract(epoch from ${column}) * 1000)::float8`;

/**
 * At most this many inclusions of one batch are announced one by one on the public channel (the newest first): the
 * explorer's feed never shows more than this many at once, and a burst (100,000 transactions due at once) must not
 * become 100,000 messages to every public socket and through every process's relay. Every block that grew is
 * always announced, so a reader still sees the burst land, block by block.
 */
export const PUBLIC_INCLUSIONS_PER_BATCH = EXPLORER_LIMITS.latestMax;

/**
 * Above this many rows of one user in one batch, the user gets one `transactions_changed` (read them again) instead of
 * a `transaction_update` with the whole row each: a burst of thousands would otherwise build, encode and relay a view
 * per row (about 1 KB each) for a screen that shows 25 of them. Statuses still go one by one (a few dozen bytes each).
 */
export const TRANSACTION_UPDATES_PER_USER_PER_BATCH = 100;

/** A PostgreSQL array literal; every element quoted, null as NULL. */
function arrayLiteral(values: readonly (string | number | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : `"${String(value)}"`)).join(',')}}`;
}

/** What the clock's updates return: enough for the blocks, the counts and the status events; whole rows are read apart. */
const MOVED_COLUMNS = {
  id: transactions.id,
  userId: transactions.userId,
  hash: transactions.hash,
  network: transactions.network,
  type: transactions.type,
  status: transactions.status,
  confirmations: transactions.confirmations,
  blockNumber: transactions.blockNumber,
  fee: transactions.fee,
  createdAt: transactions.createdAt,
};
type MovedRow = Pick<TransactionRow, keyof typeof MOVED_COLUMNS>;

/** MOVED_COLUMNS as the drivers return them: bigint columns as text (node-postgres) or as bigint (PGlite). */
interface RawMovedRow {
  id: string;
  user_id: string;
  hash: string;
  network: string;
  type: TransactionRow['type'];
  status: TransactionRow['status'];
  confirmations: number;
  block_number: string | bigint | number | null;
  fee: string | bigint | number;
  created_at: Date | string;
  is_inclusion: boolean;
}

function toMovedRow(row: RawMovedRow): MovedRow & { isInclusion: boolean } {
  return {
    id: row.id,
    userId: row.user_id,
    hash: row.hash,
    network: row.network,
    type: row.type,
    status: row.status,
    confirmations: row.confirmations,
    blockNumber: row.block_number === null ? null : Number(row.block_number),
    fee: BigInt(row.fee),
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
    isInclusion: row.is_inclusion,
  };
}

/**
 * A batch of at most this many rows gets whole rows back from its update instead of reading the ones its events
 * carry afterwards: in a steady tick that is nearly every row (each user's first hundred), and the columns no event
 * needs cost little at this size. A burst's batches return ten columns (decision 012).
 */
export const WHOLE_ROWS_RETURNED_UP_TO = 1_000;

/**
 * A batch of at most this many rows is planned as it should be without help: told of a few steps, the planner looks
 * each up by primary key. A larger one needs hash and merge joins off (see `advanceBatch`).
 */
export const PLANNED_UNAIDED_UP_TO = 50;

/** The whole rows of `rows` as this transaction now sees them, by id: one primary-key lookup each. */
async function selectWholeRows(tx: Db, rows: readonly Pick<TransactionRow, 'id'>[]): Promise<Map<string, TransactionRow>> {
  if (rows.length === 0) return new Map();
  const ids = arrayLiteral([...new Set(rows.map((row) => row.id))]);
  const whole = await tx.select().from(transactions).where(sql`${transactions.id} = any(${ids}::uuid[])`);
  return new Map(whole.map((row) => [row.id, row]));
}

type UpdatedRow = MovedRow & { isInclusion: boolean };

/**
 * Up to batchSize rows due at `nowMs`, after `after` in (include_at, id) order. Due rows are unsettled and included
 * by now (a row's next confirmation never comes before its inclusion), so the walk reads the unsettled index from
 * its oldest entry to `nowMs` and no further; within one tick, each batch starts where the last one stopped. The
 * cursor is exact because every `include_at` is written from a JavaScript Date (whole milliseconds).
 */
async function selectDue(db: Db, batchSize: number, nowMs: number, after: DueRow | undefined, networks: readonly string[] | undefined): Promise<DueRow[]> {
  const now = new Date(nowMs);
  const query = db
    .select({
      id: transactions.id,
      network: transactions.network,
      speed: transactions.speed,
      status: transactions.status,
      confirmations: transactions.confirmations,
      // As a JavaScript Date would hold it, without building one per row.
      includedAtMs: wholeMillisecondsOf(transactions.includeAt).as('includedAtMs'),
    })
    .from(transactions)
    .where(
      and(
        not(transactions.isSettled),
        lte(transactions.includeAt, now),
        lte(transactions.nextConfirmationAt, now),
        after ? sql`(${transactions.includeAt}, ${transactions.id}) > (${new Date(after.includedAtMs).toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
        networks ? inArray(transactions.network, [...networks]) : undefined,
      ),
    )
    .orderBy(asc(transactions.includeAt), asc(transactions.id))
    .limit(batchSize);
  // Read as the driver gives them: every column is already what DueRow holds.
  return ((await db.execute(query.getSQL())) as unknown as { rows: DueRow[] }).rows;
}

/**
 * One statement for every step, each computed here by `progressAt` (the one confirmation formula) from the row's
 * schedule as it was read. A row is updated only if, under its lock, it is still what was read: pending when read as
 * pending, and included at the same time (a speed-up may have moved it since; the next tick takes it). So the rows it
 * returns marked as inclusions are exactly what this tick included, even if another clock raced it: each inclusion is
 * counted in its block once.
 */
async function updateDueRows(tx: Db, due: readonly DueRow[], nowMs: number, timeScale: number): Promise<UpdatedRow[]> {
  const isWholeReturned = due.length <= WHOLE_ROWS_RETURNED_UP_TO;
  const steps = due.map((row) => progressAt({ network: row.network, speed: row.speed, includeAt: new Date(row.includedAtMs) }, nowMs, timeScale));
  const ids = arrayLiteral(due.map((row) => row.id));
  const isInclusion = arrayLiteral(due.map((row) => String(row.status === 'pending')));
  const includedAtMs = arrayLiteral(due.map((row) => row.includedAtMs));
  const confirmations = arrayLiteral(steps.map((step) => step.confirmations));
  const nextAt = arrayLiteral(steps.map((step) => step.nextConfirmationAt?.toISOString() ?? null));
  const update = tx
    .update(transactions)
    .set({
      status: sql`case when ${transactions.status} = 'pending' then 'confirmed' else ${transactions.status} end`,
      confirmations: sql`greatest(${transactions.confirmations}, step.confirmations)`,
      blockNumber: sql`coalesce(${transactions.blockNumber}, block_number_at(${transactions.network}, ${transactions.includeAt}))`,
      nextConfirmationAt: sql`step.next_at`,
    })
    .from(
      sql`unnest(${ids}::uuid[], ${isInclusion}::boolean[], ${includedAtMs}::float8[], ${confirmations}::int[], ${nextAt}::timestamptz[])
        as step(id, is_inclusion, included_at_ms, confirmations, next_at)`,
    )
    .where(
      and(
        eq(transactions.id, sql`step.id`),
        sql`(${transactions.status} = 'pending') = step.is_inclusion`,
        sql`${wholeMillisecondsOf(transactions.includeAt)} = step.included_at_ms`,
      ),
    )
    .returning({ ...(isWholeReturned ? getTableColumns(transactions) : MOVED_COLUMNS), isInclusion: sql<boolean>`step.is_inclusion`.as('is_inclusion') });
  if (isWholeReturned) return update;
  // A burst's thousands of rows are read as the driver gives them: drizzle's mapping of every row and column was
  // the largest part of the clock's own time in a burst (decision 025).
  const { rows } = (await tx.execute(update.getSQL())) as unknown as { rows: RawMovedRow[] };
  return rows.map(toMovedRow);
}

/**
 * The blocks these inclusions landed in, added to what each block already held, in the caller's database
 * transaction; each block that grew is announced on the public channel. Chain rows only: a receive mirrors its send.
 */
async function recordBlocks(tx: Db, chainRows: readonly MovedRow[], outbox: Outbox): Promise<void> {
  const perBlock = new Map<string, { network: string; number: number; count: number; fees: bigint }>();
  for (const row of chainRows) {
    const key = `${row.network}:${row.blockNumber}`;
    const entry = perBlock.get(key) ?? { network: row.network, number: row.blockNumber!, count: 0, fees: 0n };
    entry.count += 1;
    entry.fees += row.fee;
    perBlock.set(key, entry);
  }
  if (perBlock.size === 0) return;
  const blockRows = await tx
    .insert(blocks)
    .values(
      [...perBlock.values()].map((entry) => ({
        network: entry.network,
        number: entry.number,
        producedAt: blockTimeOf(networkOf(entry.network).id, entry.number),
        transactionCount: entry.count,
        totalFees: entry.fees,
      })),
    )
    .onConflictDoUpdate({
      target: [blocks.network, blocks.number],
      set: {
        transactionCount: sql`${blocks.transactionCount} + excluded.transaction_count`,
        totalFees: sql`${blocks.totalFees} + excluded.total_fees`,
      },
    })
    .returning();
  for (const block of blockRows) outbox.addPublic('explorer_block', { block: toExplorerBlockSummary(block) });
}

/** The newest PUBLIC_INCLUSIONS_PER_BATCH of a batch's inclusions: those the public feed is told of one by one. */
function announcedInclusions<Row extends Pick<MovedRow, 'createdAt'>>(chainRows: readonly Row[]): readonly Row[] {
  if (chainRows.length <= PUBLIC_INCLUSIONS_PER_BATCH) return chainRows;
  return [...chainRows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, PUBLIC_INCLUSIONS_PER_BATCH);
}

/** One batch of due rows moved along, its blocks recorded, and its events published once it has committed. */
async function advanceBatch({ db, events, timeScale }: ChainClockOptions, nowMs: number, due: readonly DueRow[]): Promise<TickResult> {
  const outbox = createOutbox();
  const result: TickResult = { advanced: 0, included: 0 };
  const before = new Map(due.map((row) => [row.id, row]));
  await db.transaction(async (tx) => {
    // The planner reads unnest's length off the array and, for thousands of steps, hashes every unsettled row (a
    // burst: the whole table) to join them; one primary-key lookup per step is far cheaper at any size. Both
    // settings in one round trip, for this transaction only. (Adding `id = any(ids)` instead reads the batch's
    // rows by primary key too, but made a burst of 100,000 take 0.5 s longer.)
    if (due.length > PLANNED_UNAIDED_UP_TO) {
      await tx.execute(sql`select set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`);
    }
    const updated = await updateDueRows(tx, due, nowMs, timeScale);
    const chainRows = updated.filter((row) => row.isInclusion && row.type !== 'receive' && row.blockNumber !== null && row.status === 'confirmed');
    const announced = announcedInclusions(chainRows);

    const advanced = updated.filter((row) => {
      const previous = before.get(row.id);
      return previous !== undefined && previous.confirmations !== row.confirmations;
    });
    const advancedPerUser = new Map<string, number>();
    for (const row of advanced) advancedPerUser.set(row.userId, (advancedPerUser.get(row.userId) ?? 0) + 1);
    const isViewed = (row: MovedRow) => advancedPerUser.get(row.userId)! <= TRANSACTION_UPDATES_PER_USER_PER_BATCH;
    // Whole rows only for the events that carry one: in a burst, a few hundred of the batch's thousands.
    const whole =
      due.length <= WHOLE_ROWS_RETURNED_UP_TO
        ? new Map(updated.map(({ isInclusion: _isInclusion, ...row }) => [row.id, row as TransactionRow]))
        : await selectWholeRows(tx, [...announced, ...advanced.filter(isViewed)]);

    for (const row of announced) outbox.addPublic('explorer_transaction', { transaction: toExplorerListItem(whole.get(row.id)!) });
    await recordBlocks(tx, chainRows, outbox);

    for (const row of advanced) {
      result.advanced += 1;
      if (before.get(row.id)!.status === 'pending' && row.status === 'confirmed') {
        result.included += 1;
        outbox.add(row.userId, 'transaction_status', { hash: row.hash, network: networkOf(row.network).id, status: 'confirmed' });
      }
      if (isViewed(row)) outbox.add(row.userId, 'transaction_update', { transaction: toTransactionView(whole.get(row.id)!) });
    }
    for (const [userId, count] of advancedPerUser) {
      if (count > TRANSACTION_UPDATES_PER_USER_PER_BATCH) outbox.add(userId, 'transactions_changed', { count });
    }
  });
  // Published once the batch and its blocks have committed.
  events.publishOutbox(outbox);
  return result;
}

/**
 * Moves transactions along by their stored schedule: pending → confirmed (1 confirmation, a block number)
 * once `include_at` has passed, then one more confirmation per interval of their speed, up to 12. No timer
 * per transaction: one `tick` updates everything due, in batches, through the index of unsettled rows; no index
 * holds a column it writes, so its updates are HOT (migration 0008).
 * Each batch's inclusions become `blocks` rows (count and fees added up) in the same database transaction.
 * Events go out after each batch has committed: the owners' and, on the public explorer channel, every chain
 * row that entered a block and every block that grew.
 */
export function createChainClock(options: ChainClockOptions) {
  if (!(options.timeScale > 0)) throw new RangeError('timeScale must be above 0');
  const batchSize = options.batchSize ?? 10_000;
  const readDue = (nowMs: number, after: DueRow | undefined) => selectDue(options.db, batchSize, nowMs, after, options.networks);

  return {
    /** Brings every transaction up to `nowMs` (wall-clock milliseconds). Safe to call at any time, any number of times. */
    async tick(nowMs: number = Date.now()): Promise<TickResult> {
      const total: TickResult = { advanced: 0, included: 0 };
      let due = await readDue(nowMs, undefined);
      while (due.length > 0) {
        // A full batch may have more behind it: the next one is read on another connection while this one is
        // written. They never share a row (the next starts after this one's last), and in a burst the reads no
        // longer wait for the writes (decision 024).
        const next = due.length === batchSize ? readDue(nowMs, due.at(-1)) : undefined;
        // Should this batch fail, the tick fails with its error; the read ahead is then of no use to anyone.
        next?.catch(() => {});
        const result = await advanceBatch(options, nowMs, due);
        total.advanced += result.advanced;
        total.included += result.included;
        if (next === undefined) break;
        due = await next;
      }
      return total;
    },
  };
}

export type ChainClock = ReturnType<typeof createChainClock>;
