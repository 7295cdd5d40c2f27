import { type ExplorerTransaction, MAX_CONFIRMATIONS, type TransactionDetail, explorerPaths } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { explorerKeys, transactionKeys } from './transaction-keys.ts';

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** A 404 means "no such transaction (of yours)": not worth retrying. */
const retryUnlessNotFound = (failureCount: number, error: Error) => !isNotFound(error) && failureCount < 1;

/**
 * One of the signed-in user's transactions with its timeline and the quote it honoured (the detail page's and the
 * receipt's facts); realtime events keep it current.
 */
export function useTransaction(hash: string) {
  return useQuery({
    queryKey: transactionKeys.detail(hash),
    queryFn: ({ signal }) => apiFetch<TransactionDetail>(`/api/transactions/${encodeURIComponent(hash)}`, { signal }),
    retry: retryUnlessNotFound,
  });
}

/** Nothing more will change: failed, or all 12 confirmations in. */
export const isSettled = (transaction: Pick<ExplorerTransaction, 'status' | 'confirmations'>) =>
  transaction.status === 'failed' || transaction.confirmations >= MAX_CONFIRMATIONS;

/** How often the public explorer looks again while a transaction still gains confirmations. */
export const EXPLORER_POLL_MS = 2_000;

/**
 * Any transaction of the simulated chains, as a public block explorer shows it. Visitors have no realtime
 * connection, so the page polls until the transaction has all its confirmations (or failed).
 */
export function useExplorerTransaction(hash: string) {
  return useQuery({
    queryKey: explorerKeys.transaction(hash),
    queryFn: ({ signal }) => apiFetch<ExplorerTransaction>(explorerPaths.transaction(hash), { signal }),
    retry: retryUnlessNotFound,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && !isSettled(data) ? EXPLORER_POLL_MS : false;
    },
  });
}
