import type { BalanceChange } from './send-store.ts';
import { networkOf, type TransactionRow } from './views.ts';

/**
 * What a real chain's transaction row does to its wallet's balances in each of its states (issue 49, decision 047).
 * The indexer moves a row from one state to another (included, reverted, dropped, rolled back by a reorganisation)
 * and moves the balances by the difference of the two effects, so every path through the states keeps the book
 * equal to what the rows say:
 * - a send the app signed holds its amount and its fee from the moment it is written: the fee cap (gas limit × max
 *   fee) while pending, the receipt's fee once included; a reverted one keeps only the fee; a dropped one nothing;
 * - a receive from another wallet of ours and a grant from the treasury are credited when written (the send that
 *   pays it is debited in the same transaction) and taken back only if the chain reverts or drops it;
 * - money from outside the app counts only while a block includes it, and so does a send made from one of our
 *   addresses by another client (an imported key), which the app learns of from the block alone.
 */
export type BookedRow = Pick<TransactionRow, 'walletId' | 'network' | 'asset' | 'type' | 'status' | 'amount' | 'fee' | 'isForeign'>;

/** The row's effect on its wallet's balances in its current state. */
export function bookEffect(row: BookedRow): BalanceChange[] {
  // The app's own rows count from the moment it wrote them; the indexer's only while a block holds them.
  const isOurs = !row.isForeign;
  const amountCounts = isOurs ? row.status !== 'failed' : row.status === 'confirmed';
  const amount: BalanceChange[] = amountCounts ? [{ walletId: row.walletId, asset: row.asset, deltaUnits: row.type === 'send' ? -row.amount : row.amount }] : [];
  if (row.type !== 'send') return amount;
  // The fee: the cap from the moment the app wrote it, the receipt's once a block included it (reverted too); a
  // dropped send's fee is 0.
  const feeCounts = isOurs || row.status !== 'pending';
  const fee: BalanceChange[] = feeCounts && row.fee !== 0n ? [{ walletId: row.walletId, asset: networkOf(row.network).symbol, deltaUnits: -row.fee }] : [];
  return [...amount, ...fee];
}

/** What moving a row from `before` to `after` moves the balances by, one change per wallet and asset, zeros left out. */
export function effectOfChange(before: BookedRow, after: BookedRow): BalanceChange[] {
  const totals = new Map<string, BalanceChange>();
  const add = (change: BalanceChange, sign: 1n | -1n) => {
    const key = `${change.walletId}/${change.asset}`;
    const entry = totals.get(key) ?? { walletId: change.walletId, asset: change.asset, deltaUnits: 0n };
    entry.deltaUnits += sign * change.deltaUnits;
    totals.set(key, entry);
  };
  for (const change of bookEffect(after)) add(change, 1n);
  for (const change of bookEffect(before)) add(change, -1n);
  return [...totals.values()].filter((change) => change.deltaUnits !== 0n);
}
