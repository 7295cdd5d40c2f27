import { TRANSACTION_PAGE_LIMITS, type TransactionPage, type TransactionView } from '@fincrypt/domain';
import { type InfiniteData, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { type TransactionQuery, transactionQueryString } from '../filters.ts';
import { transactionKeys } from './transaction-keys.ts';

export type TransactionPages = InfiniteData<TransactionPage, string | undefined>;

export function getTransactionPage(
  query: TransactionQuery,
  page: { cursor?: string | undefined; limit: number },
  signal?: AbortSignal,
): Promise<TransactionPage> {
  return apiFetch<TransactionPage>(`/api/transactions?${transactionQueryString(query, page)}`, { signal });
}

/**
 * The signed-in user's transactions matching `query`, newest first, a page at a time: the server filters
 * and pages (by keyset), so a long history costs one small request per page.
 */
export function useTransactionList(query: TransactionQuery, pageSize: number) {
  return useInfiniteQuery({
    queryKey: transactionKeys.list({ ...query, limit: pageSize }),
    queryFn: ({ pageParam, signal }) => getTransactionPage(query, { cursor: pageParam, limit: pageSize }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // While another filter's first page loads, the previous results stay on screen (marked as updating).
    placeholderData: keepPreviousData,
  });
}

/**
 * Every transaction matching `query`, page by page at the largest page size the API allows; for the CSV
 * export. `onProgress` hears the running total after each page.
 */
export async function getAllTransactions(
  query: TransactionQuery,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (loaded: number) => void } = {},
): Promise<TransactionView[]> {
  const all: TransactionView[] = [];
  let cursor: string | undefined;
  do {
    const page = await getTransactionPage(query, { cursor, limit: TRANSACTION_PAGE_LIMITS.maxLimit }, signal);
    all.push(...page.items);
    onProgress?.(all.length);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}
