import { MAX_CONFIRMATIONS, SOLANA_SLOT_MS, solanaConfirmations, type NetworkId } from '@fincrypt/domain';
import { and, asc, eq, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { SolanaChain } from '../chain/chains.ts';
import type { Execution, SolanaRuntime } from '../chain/solana-runtime.ts';
import type { Db } from '../db/database.ts';
import { blocks, solanaRuntime, transactions } from '../db/schema.ts';
import { createOutbox, type EventBus } from '../lib/event-bus.ts';
import { addBalanceEvents, addRowEvents, type StepChanges, updateRow } from './chain-booking.ts';
import { netted } from './chain-book-effects.ts';
import { moveBalances } from './send-store.ts';
import { restoreSolanaRuntime, saveSolanaSnapshot } from './solana-state.ts';
import { toExplorerBlockSummary, type TransactionRow } from './views.ts';

/**
 * The Solana runtime in the chain clock's leader (issue 50, decision 052). Each tick it executes, in the book's order,
 * every Solana transaction committed since the last, in a new slot, and books each result as the EVM indexer books a
 * receipt: executed (confirmed), failed in a program (the fee charged, the transfer undone) or refused (never in a
 * slot: nothing charged). Confirmations follow the slots. Every BLOCKHASH_LIFETIME_SLOTS, when it executed anything
 * since the last, it rotates the blockhash and saves a snapshot, under the runtime row's lock, in the transaction that
 * executed everything signed before; an idle runtime writes nothing.
 */

/** A blockhash is used this many slots (~60 s), then replaced: LiteSVM accepts only its latest (decision 050). */
export const BLOCKHASH_LIFETIME_SLOTS = 150n;
/** Transactions executed per tick between rotations; a rotation executes every one signed with the old blockhash. */
export const EXECUTED_PER_TICK = 1_000;
/** Solana's compute units per block: the block header's limit. */
const BLOCK_COMPUTE_UNITS = 48_000_000n;

export interface SolanaExecutorOptions {
  chain: SolanaChain;
  events: EventBus;
  /** Chain time runs this many times faster than the wall clock: slots come that much sooner. */
  timeScale: number;
}

export interface SolanaStepResult {
  slot: bigint;
  executed: number;
  rotated: boolean;
}

/** The leader's runtime, restored from the database on the connection that holds the lead. */
interface Held {
  db: Db;
  runtime: SolanaRuntime;
  lastSlotMs: number;
  rotatedAtSlot: bigint;
  /** The runtime executed something its saved snapshot lacks: the next rotation saves it. */
  hasUnsavedWork: boolean;
}

/** What a row becomes when the runtime has executed it in `slot` (its receive rows follow its send). */
function outcomeRow(row: TransactionRow, execution: Execution, slot: bigint, now: Date): TransactionRow {
  if (execution.outcome === 'refused') {
    // Never in a slot: as a dropped transaction, it charged nothing and moved nothing.
    return { ...row, status: 'failed', blockNumber: null, confirmations: 0, nextConfirmationAt: null, fee: 0n, gasUsed: 0n, effectiveGasPrice: 0n, isBooked: false, failureReason: execution.reason };
  }
  const fee = row.type === 'send' ? execution.fee : row.fee;
  const failureReason = execution.outcome === 'failed' ? execution.reason : null;
  return { ...row, status: failureReason ? 'failed' : 'confirmed', blockNumber: Number(slot), confirmations: 1, nextConfirmationAt: now, fee, isBooked: true, failureReason };
}

async function pendingRows(tx: Db, network: NetworkId, limit: number | undefined): Promise<TransactionRow[]> {
  const query = tx
    .select()
    .from(transactions)
    .where(and(sql`not ${transactions.isSettled}`, eq(transactions.network, network), eq(transactions.status, 'pending'), ne(transactions.type, 'receive'), isNotNull(transactions.rawTransaction)))
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
  return limit === undefined ? query : query.limit(limit);
}

/** Executes `rows` in `slot` and books each with its receive rows; returns the block's figures. */
async function executeAll(tx: Db, runtime: SolanaRuntime, rows: readonly TransactionRow[], slot: bigint, changes: StepChanges, now: Date) {
  const block = { count: 0, fees: 0n, computeUnits: 0n };
  const receives = rows.length === 0 ? [] : await tx.select().from(transactions).where(and(eq(transactions.type, 'receive'), inArray(transactions.hash, rows.map((row) => row.hash))));
  for (const row of rows) {
    const execution = runtime.execute(row.rawTransaction!);
    const after = outcomeRow(row, execution, slot, now);
    await updateRow(tx, row, after, changes);
    for (const receive of receives.filter((candidate) => candidate.hash === row.hash)) {
      await updateRow(tx, receive, { ...outcomeRow(receive, execution, slot, now), fee: 0n, gasUsed: after.gasUsed, effectiveGasPrice: after.effectiveGasPrice }, changes);
    }
    if (execution.outcome === 'refused') continue;
    block.count += 1;
    block.fees += after.fee;
    if (execution.outcome === 'executed') block.computeUnits += execution.computeUnits;
  }
  return block;
}

/** The slot's block, for the explorer: the runtime's blockhash, its transactions, fees and compute units. */
async function writeBlock(tx: Db, network: NetworkId, slot: bigint, figures: { count: number; fees: bigint; computeUnits: bigint }, header: { hash: string; parentHash: string }, changes: StepChanges, now: Date) {
  const values = { network, number: Number(slot), producedAt: now, transactionCount: figures.count, totalFees: figures.fees, hash: header.hash, parentHash: header.parentHash, gasLimit: BLOCK_COMPUTE_UNITS, gasUsed: figures.computeUnits, baseFeePerGas: null };
  const [row] = await tx.insert(blocks).values(values).onConflictDoUpdate({ target: [blocks.network, blocks.number], set: values }).returning();
  if (row) changes.outbox.addPublic('explorer_block', { block: toExplorerBlockSummary(row) });
}

/** Confirmations from the head slot for every included row still short of all of them. */
async function countConfirmations(tx: Db, network: NetworkId, head: bigint, now: Date): Promise<TransactionRow[]> {
  const unsettled = await tx
    .select()
    .from(transactions)
    .where(and(sql`not ${transactions.isSettled}`, eq(transactions.network, network), isNotNull(transactions.blockNumber), isNotNull(transactions.nextConfirmationAt), lt(transactions.confirmations, MAX_CONFIRMATIONS)));
  const moved: TransactionRow[] = [];
  for (const row of unsettled) {
    const confirmations = solanaConfirmations(Number(head - BigInt(row.blockNumber!)));
    if (confirmations <= row.confirmations) continue;
    const nextConfirmationAt = confirmations >= MAX_CONFIRMATIONS ? null : now;
    await tx.update(transactions).set({ confirmations, nextConfirmationAt }).where(eq(transactions.id, row.id));
    moved.push({ ...row, confirmations, nextConfirmationAt });
  }
  return moved;
}

export function createSolanaExecutor({ chain, events, timeScale }: SolanaExecutorOptions) {
  const network = chain.network;
  let held: Held | undefined;

  async function hold(db: Db): Promise<Held> {
    if (held?.db === db) return held;
    const restored = await restoreSolanaRuntime(db, network);
    if (restored.disagreements.length > 0) throw new Error(`the Solana runtime disagrees with the book: ${restored.disagreements.slice(0, 3).join('; ')}`);
    // The slots that passed since the snapshot was saved are counted from it.
    const slot = restored.runtime.slot() + BigInt(Math.floor(((Date.now() - restored.savedAt.getTime()) * timeScale) / SOLANA_SLOT_MS));
    restored.runtime.warpToSlot(slot);
    held = { db, runtime: restored.runtime, lastSlotMs: Date.now(), rotatedAtSlot: restored.runtime.slot(), hasUnsavedWork: restored.replayed > 0 };
    return held;
  }

  async function step(db: Db): Promise<SolanaStepResult> {
    const state = await hold(db);
    const { runtime } = state;
    const nowMs = Date.now();
    const passed = BigInt(Math.floor(((nowMs - state.lastSlotMs) * timeScale) / SOLANA_SLOT_MS));
    const slot = runtime.slot() + (passed > 1n ? passed : 1n);
    // An idle runtime keeps its blockhash and its snapshot: nothing signed with it is waiting, and the snapshot
    // already holds its state (a restore counts the slots since the save).
    const isRotation = state.hasUnsavedWork && slot - state.rotatedAtSlot >= BLOCKHASH_LIFETIME_SLOTS;
    const now = new Date(nowMs);
    const changes: StepChanges = { balanceChanges: [], changed: [], outbox: createOutbox() };
    let executed = 0;
    try {
      await db.transaction(async (tx) => {
        // A rotation waits for every send holding the blockhash (lockSolanaBlockhash) and executes all they wrote.
        if (isRotation) await tx.select({ network: solanaRuntime.network }).from(solanaRuntime).where(eq(solanaRuntime.network, network)).for('update');
        const rows = await pendingRows(tx, network, isRotation ? undefined : EXECUTED_PER_TICK);
        const parentHash = runtime.latestBlockhash();
        runtime.warpToSlot(slot);
        const figures = await executeAll(tx, runtime, rows, slot, changes, now);
        if (figures.count > 0) await writeBlock(tx, network, slot, figures, { hash: runtime.latestBlockhash(), parentHash }, changes, now);
        executed = rows.length;
        const confirmed = await countConfirmations(tx, network, slot, now);
        if (isRotation) {
          runtime.expireBlockhash();
          await saveSolanaSnapshot(tx, network, runtime, now);
        }
        const balanceChanges = netted(changes.balanceChanges);
        if (balanceChanges.length > 0) await moveBalances(tx, balanceChanges);
        addRowEvents(changes, confirmed);
        await addBalanceEvents(tx, balanceChanges, changes.outbox);
      });
    } catch (error) {
      // The runtime may hold what the book does not: it is restored from the book next time.
      held = undefined;
      throw error;
    }
    state.lastSlotMs = nowMs;
    if (isRotation) state.rotatedAtSlot = slot;
    // A rotation's snapshot holds everything executed so far, this tick's included.
    state.hasUnsavedWork = isRotation ? false : state.hasUnsavedWork || executed > 0;
    events.publishOutbox(changes.outbox);
    return { slot, executed, rotated: isRotation };
  }

  return {
    step,
    /** The runtime as this leader holds it (ledger checks and tests read balances from it). */
    runtimeFor: async (db: Db): Promise<SolanaRuntime> => (await hold(db)).runtime,
  };
}

export type SolanaExecutor = ReturnType<typeof createSolanaExecutor>;
