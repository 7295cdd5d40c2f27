import { type FeeQuotesResponse, LIVE_FACTOR_REFRESH_MS } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * Keyed by asset and by the balances a quote depends on (maxSendable is the asset's balance less the fee for
 * the coin, the whole balance for a token; the fee is paid from the coin), so a balance change asks again at once.
 * `feeQuotesQueryKey(walletId)` alone covers every asset of the wallet.
 */
export const feeQuotesQueryKey = (walletId: string, asset?: string, balanceUnits?: string, feeBalanceUnits?: string) =>
  asset === undefined
    ? (['fee-quotes', walletId] as const)
    : (['fee-quotes', walletId, asset, balanceUnits ?? '', feeBalanceUnits ?? ''] as const);

export function getFeeQuotes(walletId: string, asset: string | undefined, signal?: AbortSignal): Promise<FeeQuotesResponse> {
  const query = new URLSearchParams({ walletId });
  if (asset) query.set('asset', asset);
  return apiFetch<FeeQuotesResponse>(`/api/fees?${query.toString()}`, { signal });
}

export interface FeeQuoteTarget {
  walletId: string;
  /** The asset being sent (its symbol). */
  asset: string;
  /** The asset's balance and the native coin's, in smallest units. */
  balanceUnits: string;
  feeBalanceUnits: string;
}

/**
 * Slow, normal and fast fee quotes for sending an asset from a wallet, with what it can send at each. Asked
 * again as often as the server says the live gas factor changes (15 s), so the quote sent back with a
 * transaction is always fresh. While a balance change is being re-quoted, the previous quotes for the same
 * wallet and asset stay on screen.
 */
export function useFeeQuotes(target: FeeQuoteTarget | undefined) {
  return useQuery({
    queryKey: feeQuotesQueryKey(target?.walletId ?? '', target?.asset ?? '', target?.balanceUnits, target?.feeBalanceUnits),
    queryFn: ({ signal }) => getFeeQuotes(target?.walletId ?? '', target?.asset, signal),
    enabled: target !== undefined,
    refetchInterval: (query) => query.state.data?.refreshIntervalMs ?? LIVE_FACTOR_REFRESH_MS,
    placeholderData: (previous) => (previous && previous.walletId === target?.walletId && previous.asset === target.asset ? previous : undefined),
  });
}
