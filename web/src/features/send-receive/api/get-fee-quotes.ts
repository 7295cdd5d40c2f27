import { type FeeQuotesResponse, LIVE_FACTOR_REFRESH_MS } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** Keyed by balance too: maxSendable depends on it, so a balance change asks again at once. */
export const feeQuotesQueryKey = (walletId: string, balanceUnits?: string) =>
  balanceUnits === undefined ? (['fee-quotes', walletId] as const) : (['fee-quotes', walletId, balanceUnits] as const);

export function getFeeQuotes(walletId: string, signal?: AbortSignal): Promise<FeeQuotesResponse> {
  return apiFetch<FeeQuotesResponse>(`/api/fees?walletId=${encodeURIComponent(walletId)}`, { signal });
}

/**
 * Slow, normal and fast fee quotes for a wallet, with what it can send at each. Asked again as often as the
 * server says the live gas factor changes (15 s), so the quote sent back with a transaction is always fresh.
 * While a balance change is being re-quoted, the wallet's previous quotes stay on screen.
 */
export function useFeeQuotes(wallet: { id: string; balanceUnits: string } | undefined) {
  return useQuery({
    queryKey: feeQuotesQueryKey(wallet?.id ?? '', wallet?.balanceUnits ?? ''),
    queryFn: ({ signal }) => getFeeQuotes(wallet?.id ?? '', signal),
    enabled: wallet !== undefined,
    refetchInterval: (query) => query.state.data?.refreshIntervalMs ?? LIVE_FACTOR_REFRESH_MS,
    placeholderData: (previous) => (previous && previous.walletId === wallet?.id ? previous : undefined),
  });
}
