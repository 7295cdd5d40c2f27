import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { transactions, wallets } from '../db/schema.ts';
import type { Outbox } from '../lib/event-bus.ts';
import { effectOfChange } from './chain-book-effects.ts';
import { reopenRequestPaidBy } from './payment-requests.ts';
import type { BalanceChange } from './send-store.ts';
import { balanceUpdateOf, networkOf, toExplorerListItem, toTransactionView, toWalletView, type TransactionRow } from './views.ts';
import { toWalletViewRecord, walletViewColumns } from './wallet-store.ts';

/**
 * How a real chain's results are booked, by the EVM indexer (chain-indexer.ts) and the Solana executor
 * (solana-executor.ts) alike: a row moved from one state to another, the balances moved by the difference, and the
 * events each change owes once the step has committed.
 */

/** What a step changed, gathered for the balances and the events. */
export interface StepChanges {
  balanceChanges: BalanceChange[];
  /** Rows whose status changed or that were written, after the change. */
  changed: TransactionRow[];
  outbox: Outbox;
}

/** Writes a row's new state; its balances' change and its events are gathered in `changes`. */
export async function updateRow(tx: Db, before: TransactionRow, after: TransactionRow, changes: StepChanges): Promise<void> {
  await tx
    .update(transactions)
    .set({
      status: after.status,
      blockNumber: after.blockNumber,
      confirmations: after.confirmations,
      nextConfirmationAt: after.nextConfirmationAt,
      fee: after.fee,
      gasUsed: after.gasUsed,
      effectiveGasPrice: after.effectiveGasPrice,
      isBooked: after.isBooked,
      failureReason: after.failureReason,
    })
    .where(eq(transactions.id, before.id));
  changes.balanceChanges.push(...effectOfChange(before, after));
  changes.changed.push(after);
  // A reverted payment paid nothing: its request is open again.
  if (before.type === 'send' && before.status !== 'failed' && after.status === 'failed') await reopenRequestPaidBy(tx, before, changes.outbox);
}

/** balance_update for every wallet whose balances moved, as they are after the step. */
export async function addBalanceEvents(tx: Db, balanceChanges: readonly BalanceChange[], outbox: Outbox): Promise<void> {
  const walletIds = [...new Set(balanceChanges.map((change) => change.walletId))];
  if (walletIds.length === 0) return;
  const rows = await tx.select({ ...walletViewColumns, userId: wallets.userId }).from(wallets).where(inArray(wallets.id, walletIds));
  for (const row of rows) {
    const record = toWalletViewRecord(row);
    const view = toWalletView(record, record.balances, record.incoming);
    for (const asset of new Set(balanceChanges.filter((change) => change.walletId === row.id).map((change) => change.asset))) {
      outbox.add(row.userId, 'balance_update', balanceUpdateOf(view, asset));
    }
  }
}

export function addRowEvents(changes: StepChanges, confirmed: readonly TransactionRow[]): void {
  const { outbox } = changes;
  for (const row of changes.changed) {
    outbox.add(row.userId, 'transaction_status', { hash: row.hash, network: networkOf(row.network).id, status: row.status });
    if (row.type !== 'receive' && row.status !== 'pending') outbox.addPublic('explorer_transaction', { transaction: toExplorerListItem(row) });
  }
  const latest = new Map([...changes.changed, ...confirmed].map((row) => [row.id, row]));
  for (const row of latest.values()) outbox.add(row.userId, 'transaction_update', { transaction: toTransactionView(row) });
}

