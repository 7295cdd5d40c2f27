import type { BalanceChange } from './send-store.ts';
import { networkOf, type TransactionRow } from './views.ts';

/**
 * What a real chain's transaction row does to its wallet's balances in each of its states (issue 49, decision 047).
 * The indexer moves a row from one state to another (included, reverted, dropped, rolled back by a reorganisation)
 * and moves the balances by the difference of the two effects, so every path through the states keeps the book
 * equal to what the rows say:
 * - money going out that the app signed counts from the moment it is written, so it can never be spent twice: the
 *   amount and the fee cap (gas limit × max fee) while pending, the receipt's fee once included; a reverted send
 *   keeps only the fee, a dropped one nothing;
 * - money coming in (a receive from another wallet of ours, a grant from the treasury) counts from the first block
 *   that includes it (`isBooked`): a recipient is never shown as spendable what the chain has not included. A
 *   reorganisation does not take it back: the app hands the same bytes to the node again until a block holds them
 *   (chain-outbox.ts). Only failing takes it back;
 * - a foreign row (money from outside, or a send from one of our addresses by another client) counts while a block
 *   includes it: nothing brings it back after a reorganisation.
 * Rows of a simulated chain count from the moment they are written, as the chain clock always did.
 */
export type BookedRow = Pick<TransactionRow, 'walletId' | 'network' | 'asset' | 'type' | 'status' | 'amount' | 'fee' | 'isForeign' | 'isOnChain' | 'isBooked'>;

/** Whether the row counts only once a block has included it: money coming in on a real chain, and foreign rows. */
export const countsOnceIncluded = (row: Pick<BookedRow, 'type' | 'isForeign' | 'isOnChain'>): boolean => row.isForeign || (row.isOnChain && row.type !== 'send');

/** The row's effect on its wallet's balances in its current state. */
export function bookEffect(row: BookedRow): BalanceChange[] {
  const amountCounts = row.status !== 'failed' && (!countsOnceIncluded(row) || row.isBooked);
  const amount: BalanceChange[] = amountCounts ? [{ walletId: row.walletId, asset: row.asset, deltaUnits: row.type === 'send' ? -row.amount : row.amount }] : [];
  if (row.type !== 'send') return amount;
  // The fee: the app's own send pays its cap from the moment it is written, the receipt's once a block included it
  // (reverted too), nothing once dropped (fee 0); a foreign send, the receipt's while a block includes it.
  const feeCounts = !row.isForeign || row.isBooked;
  const fee: BalanceChange[] = feeCounts && row.fee !== 0n ? [{ walletId: row.walletId, asset: networkOf(row.network).symbol, deltaUnits: -row.fee }] : [];
  return [...amount, ...fee];
}

/** What moving a row from `before` to `after` moves the balances by, one change per wallet and asset, zeros left out. */
export function effectOfChange(before: BookedRow, after: BookedRow): BalanceChange[] {
  const undone = bookEffect(before).map((change) => ({ ...change, deltaUnits: -change.deltaUnits }));
  return netted([...bookEffect(after), ...undone]);
}

/** Changes summed per wallet and asset, those that cancel left out. */
export function netted(changes: readonly BalanceChange[]): BalanceChange[] {
  const totals = new Map<string, BalanceChange>();
  for (const change of changes) {
    const key = `${change.walletId}/${change.asset}`;
    const entry = totals.get(key) ?? { walletId: change.walletId, asset: change.asset, deltaUnits: 0n };
    entry.deltaUnits += change.deltaUnits;
    totals.set(key, entry);
  }
  return [...totals.values()].filter((change) => change.deltaUnits !== 0n);
}
