import {
  type DisplayCurrency,
  type PriceHistoryDays,
  type PriceHistoryResponse,
  type PriceTokenId,
} from '@fincrypt/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { PRICE_REFRESH_MS } from './get-prices.ts';

export interface PriceHistoryParams {
  token: PriceTokenId;
  days: PriceHistoryDays;
  currency: DisplayCurrency;
}

export async function getPriceHistory({ token, days, currency }: PriceHistoryParams, signal?: AbortSignal): Promise<PriceHistoryResponse> {
  const query = new URLSearchParams({ token, days: String(days), currency });
  const [body, { priceHistoryResponseSchema }] = await Promise.all([apiFetch<unknown>(`/api/prices/history?${query}`, { signal }), import('./prices-schemas.ts')]);
  return priceHistoryResponseSchema.parse(body);
}

/**
 * A coin's price history. While another coin, period or currency loads, the previous series stays on
 * screen (it carries its own currency, so it is never shown under the wrong symbol).
 */
export function usePriceHistory(params: PriceHistoryParams) {
  return useQuery({
    queryKey: ['prices', 'history', params],
    queryFn: ({ signal }) => getPriceHistory(params, signal),
    refetchInterval: PRICE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}
