import type { TransactionDetail, TransactionStatus, TransactionView } from '@fincrypt/domain';
import type { QueryClient } from '@tanstack/react-query';
import { matchesQuery } from '../filters.ts';
import type { TransactionPages } from './list-transactions.ts';
import { type TransactionListKey, explorerKeys, hashKey, transactionKeys } from './transaction-keys.ts';

const sameRow = (a: Pick<TransactionView, 'hash' | 'type'>, b: Pick<TransactionView, 'hash' | 'type'>) =>
  a.type === b.type && hashKey(a.hash) === hashKey(b.hash);

function findRow(pages: TransactionPages, transaction: TransactionView): TransactionView | undefined {
  for (const page of pages.pages) {
    const found = page.items.find((item) => sameRow(item, transaction));
    if (found) return found;
  }
  return undefined;
}

/**
 * The listed row as it now is. Events carry the row's facts without the counterparty's label (read with the list,
 * never changing for a row), so a label already shown stays.
 */
function replaceRow(pages: TransactionPages, transaction: TransactionView): TransactionPages {
  const updated = (item: TransactionView): TransactionView => ({ ...item, ...transaction });
  return {
    ...pages,
    pages: pages.pages.map((page) => ({ ...page, items: page.items.map((item) => (sameRow(item, transaction) ? updated(item) : item)) })),
  };
}

/**
 * Whether a transaction missing from a cached list would sit among the rows already loaded: all pages are
 * in, or it is no older than the last row. Older ones arrive with a later page anyway.
 */
function fallsInLoadedRange(pages: TransactionPages, transaction: TransactionView): boolean {
  const lastPage = pages.pages.at(-1);
  if (!lastPage || lastPage.nextCursor === null) return true;
  const oldest = lastPage.items.at(-1);
  return !oldest || new Date(transaction.timestamp).getTime() >= new Date(oldest.timestamp).getTime();
}

/** What one cached list must do about a changed (or new) transaction. */
export type ListAction = 'replace' | 'refetch' | 'none';

export function listActionFor(pages: TransactionPages, listKey: TransactionListKey, transaction: TransactionView): ListAction {
  const isListed = findRow(pages, transaction) !== undefined;
  const belongs = matchesQuery(transaction, listKey);
  if (isListed) return belongs ? 'replace' : 'refetch';
  return belongs && fallsInLoadedRange(pages, transaction) ? 'refetch' : 'none';
}

function updateLists(queryClient: QueryClient, transaction: TransactionView): void {
  for (const [key, pages] of queryClient.getQueriesData<TransactionPages>({ queryKey: transactionKeys.lists })) {
    if (!pages) continue;
    const listKey = key[2] as TransactionListKey;
    const action = listActionFor(pages, listKey, transaction);
    if (action === 'replace') queryClient.setQueryData<TransactionPages>(key, (current) => current && replaceRow(current, transaction));
    else if (action === 'refetch') void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
}

/**
 * A `transaction_update`: the row with this hash and type is now this one. Lists that show it are updated
 * in place (confirmations tick without a request); a list it enters or leaves is fetched again.
 */
export function applyTransactionUpdate(queryClient: QueryClient, transaction: TransactionView): void {
  const detailKey = transactionKeys.detail(transaction.hash);
  const detail = queryClient.getQueryData<TransactionDetail>(detailKey);
  // The detail page shows the send when both sides are the user's; a receive update must not replace it.
  if (detail && detail.type === transaction.type) {
    // The row's facts now; its timeline (built by the server from the chain's schedule) and quote stay until fetched again.
    queryClient.setQueryData<TransactionDetail>(detailKey, { ...detail, ...transaction });
    void queryClient.invalidateQueries({ queryKey: detailKey, exact: true });
  }
  updateLists(queryClient, transaction);
  void queryClient.invalidateQueries({ queryKey: explorerKeys.transaction(transaction.hash) });
}

/** A `transaction_status`: every cached copy of this hash takes the new status; the counters are recounted. */
export function applyTransactionStatus(queryClient: QueryClient, hash: string, status: TransactionStatus): void {
  const key = hashKey(hash);
  queryClient.setQueryData<TransactionView>(transactionKeys.detail(hash), (current) =>
    current && current.status !== status ? { ...current, status } : current,
  );
  const changed = new Map<string, TransactionView>();
  for (const [, pages] of queryClient.getQueriesData<TransactionPages>({ queryKey: transactionKeys.lists })) {
    for (const item of pages?.pages.flatMap((page) => page.items) ?? []) {
      if (hashKey(item.hash) === key && item.status !== status) changed.set(item.type, { ...item, status });
    }
  }
  for (const transaction of changed.values()) updateLists(queryClient, transaction);
  void queryClient.invalidateQueries({ queryKey: transactionKeys.counts });
  void queryClient.invalidateQueries({ queryKey: explorerKeys.transaction(hash) });
}
