import {
  type FeeQuotesResponse,
  type GasSpeed,
  LIVE_FACTOR_REFRESH_MS,
  type SpeedUpResponse,
  type TransactionDetail,
} from '@fincrypt/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { applyTransactionUpdate } from './transaction-cache.ts';
import { transactionKeys } from './transaction-keys.ts';

/** The live fee quotes for the transfer's wallet and asset, while its Speed-up card is shown (they change every 15 s). */
export function useSpeedUpQuotes(transaction: Pick<TransactionDetail, 'walletId' | 'asset'>, enabled: boolean) {
  return useQuery({
    queryKey: ['speed-up-quotes', transaction.walletId, transaction.asset] as const,
    queryFn: ({ signal }) =>
      apiFetch<FeeQuotesResponse>(`/api/fees?${new URLSearchParams({ walletId: transaction.walletId, asset: transaction.asset }).toString()}`, { signal }),
    enabled,
    refetchInterval: (query) => query.state.data?.refreshIntervalMs ?? LIVE_FACTOR_REFRESH_MS,
  });
}

export interface SpeedUpInput {
  hash: string;
  speed: GasSpeed;
  /** The chosen speed's fee quote the card showed: its price is honoured while fresh. */
  feeQuoteId?: string | undefined;
}

/** POST /api/transactions/:hash/speed-up. */
export function speedUpTransaction({ hash, speed, feeQuoteId }: SpeedUpInput): Promise<SpeedUpResponse> {
  return apiFetch<SpeedUpResponse>(`/api/transactions/${encodeURIComponent(hash)}/speed-up`, {
    method: 'POST',
    body: { speed, ...(feeQuoteId === undefined ? {} : { feeQuoteId }) },
  });
}

/**
 * Speeds the transaction up; on success the new hash's detail starts from the old one's and the lists follow at once.
 * The wallet's balance follows the `balance_update` event the speed-up raises (the wallets feature imports this one,
 * so this one does not import it).
 */
export function useSpeedUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: speedUpTransaction,
    onSuccess: (result) => {
      // The new hash's detail starts from the old one's facts (its timeline is fetched again at once).
      const previous = queryClient.getQueryData<TransactionDetail>(transactionKeys.detail(result.replacedHash));
      if (previous) {
        const replacedHashes = [...(previous.replacedHashes ?? []), result.replacedHash].filter((hash, index, all) => all.indexOf(hash) === index);
        queryClient.setQueryData<TransactionDetail>(transactionKeys.detail(result.transaction.hash), { ...previous, ...result.transaction, replacedHashes });
      }
      void queryClient.invalidateQueries({ queryKey: transactionKeys.detail(result.transaction.hash) });
      applyTransactionUpdate(queryClient, result.transaction);
      void queryClient.invalidateQueries({ queryKey: transactionKeys.detail(result.replacedHash) });
      void queryClient.invalidateQueries({ queryKey: transactionKeys.counts });
    },
  });
}
