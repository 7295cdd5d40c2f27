import { and, asc, eq, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import { broadcastRawTransaction } from '../chain/evm-broadcast.ts';
import { type EvmChain } from '../chain/evm-chains.ts';
import { type Chains } from '../chain/chains.ts';
import type { Db } from '../db/database.ts';
import { transactions } from '../db/schema.ts';
import { createOutbox, type EventBus } from '../lib/event-bus.ts';
import { effectOfChange } from './chain-book-effects.ts';
import { reopenRequestPaidBy } from './payment-requests.ts';
import { moveBalances } from './send-store.ts';
import { networkOf, toTransactionView, type TransactionRow } from './views.ts';

/**
 * The outbox of a real chain (issue 49, item 5; decision 047). Every transaction the app signs is stored, raw bytes and
 * all, before it leaves: the write that commits it is the promise to send it. Right after the commit the process
 * that wrote it hands it to the node; then the chain clock's leader looks, every pass, for pending transactions the
 * node does not know (a server killed between commit and hand-over, a node restarted from an older state) and hands
 * them over again, oldest nonce first per sender, so nothing is lost and, the bytes being the same, nothing doubled.
 */

/** Pending transactions looked at per pass and network. */
export const OUTBOX_BATCH = 200;
/** A transaction is looked at only once it is this old: the process that wrote it has handed it over already. */
export const OUTBOX_GRACE_MS = 2_000;

type Broadcastable = Pick<TransactionRow, 'network' | 'type' | 'rawTransaction' | 'nonce' | 'fromAddress'>;

/**
 * Hands rows just committed to their nodes, in nonce order, without making the caller wait. A refusal, a node that is
 * down or anything else that goes wrong here is the outbox pass's to retry, so nothing is reported from here.
 */
export function broadcastCommitted(chains: Chains, rows: readonly Broadcastable[]): void {
  const nodeOf = (row: Broadcastable) => {
    const chain = chains.get(row.network as never);
    return chain?.family === 'evm' ? chain : undefined;
  };
  // The Solana runtime has no node to hand anything to: the leader executes what the book holds (solana-executor.ts).
  const chained = rows.filter((row) => row.type !== 'receive' && row.rawTransaction !== null && nodeOf(row) !== undefined);
  if (chained.length === 0) return;
  const ordered = [...chained].sort((a, b) => a.nonce - b.nonce);
  void (async () => {
    for (const row of ordered) await broadcastRawTransaction(nodeOf(row)!.client, row.rawTransaction as Hex);
  })().catch(() => {});
}

export interface OutboxPassResult {
  broadcast: number;
  dropped: number;
}

/**
 * A send whose nonce another transaction took (one sent from the same key elsewhere) can never be included: it fails,
 * with the node's words, and its money comes back. Its row and its receive row, in one transaction.
 */
async function markDropped(db: Db, row: TransactionRow, reason: string, events: EventBus): Promise<void> {
  const outbox = createOutbox();
  await db.transaction(async (tx) => {
    const sameTransaction = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.hash, row.hash), eq(transactions.status, 'pending')))
      .for('update');
    const changes = [];
    for (const before of sameTransaction) {
      const after: TransactionRow = { ...before, status: 'failed', fee: 0n, gasUsed: 0n, nextConfirmationAt: null, failureReason: reason };
      await tx
        .update(transactions)
        .set({ status: after.status, fee: after.fee, gasUsed: after.gasUsed, nextConfirmationAt: null, failureReason: reason })
        .where(eq(transactions.id, before.id));
      changes.push(...effectOfChange(before, after));
      if (before.type === 'send') await reopenRequestPaidBy(tx, before, outbox);
      outbox.add(after.userId, 'transaction_status', { hash: after.hash, network: networkOf(after.network).id, status: 'failed' });
      outbox.add(after.userId, 'transaction_update', { transaction: toTransactionView(after) });
    }
    if (changes.length > 0) await moveBalances(tx, changes);
  });
  events.publishOutbox(outbox);
}

/** One pass on `chain`'s network: pending transactions the node does not know are handed over again. */
export async function outboxPass(db: Db, chain: EvmChain, events: EventBus, nowMs = Date.now()): Promise<OutboxPassResult> {
  const pending = await db
    .select()
    .from(transactions)
    .where(
      and(
        // Read through the index of unsettled rows (a pending row is one).
        sql`not ${transactions.isSettled}`,
        eq(transactions.network, chain.network),
        eq(transactions.status, 'pending'),
        ne(transactions.type, 'receive'),
        isNotNull(transactions.rawTransaction),
        lt(transactions.createdAt, new Date(nowMs - OUTBOX_GRACE_MS)),
      ),
    )
    .orderBy(asc(transactions.fromAddress), asc(transactions.nonce))
    .limit(OUTBOX_BATCH);
  const result: OutboxPassResult = { broadcast: 0, dropped: 0 };
  // Asked about all at once (one batch), then handed over one by one in nonce order: only those the node lacks.
  const known = await Promise.all(pending.map((row) => chain.client.getTransaction({ hash: row.hash as Hex }).then(() => true, () => false)));
  for (const [index, row] of pending.entries()) {
    if (known[index]) continue;
    const outcome = await broadcastRawTransaction(chain.client, row.rawTransaction as Hex);
    if (outcome.kind === 'accepted') {
      result.broadcast += 1;
      continue;
    }
    if (outcome.refusal !== 'nonce_too_low') continue;
    // Its nonce is spent. Included after all (the indexer books it), or taken by another transaction: dropped.
    const receipt = await chain.client.getTransactionReceipt({ hash: row.hash as Hex }).catch(() => null);
    const confirmedNonce = await chain.client.getTransactionCount({ address: row.fromAddress as Address, blockTag: 'latest' });
    if (receipt === null && confirmedNonce > row.nonce) {
      await markDropped(db, row, `Dropped by the node: ${outcome.message}`, events);
      result.dropped += 1;
    }
  }
  return result;
}
