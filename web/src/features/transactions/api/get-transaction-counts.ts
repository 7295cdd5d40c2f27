import { type TransactionCounts, signedInPaths } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { transactionKeys } from './transaction-keys.ts';

export const getTransactionCounts = (signal?: AbortSignal) => apiFetch<TransactionCounts>(signedInPaths.transactionCounts, { signal });

/** How many of the user's transactions are pending, confirmed and failed (over all of them, unfiltered). */
export function useTransactionCounts() {
  return useQuery({ queryKey: transactionKeys.counts, queryFn: ({ signal }) => getTransactionCounts(signal) });
}
