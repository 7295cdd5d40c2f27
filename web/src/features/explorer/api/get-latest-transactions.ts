import { EXPLORER_LIMITS, type ExplorerPage, type NetworkId, explorerPageSchema } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { explorerDataKeys } from './explorer-keys.ts';
import { getExplorer, queryString } from './parse-response.ts';

/** How many latest transactions the home page shows; the live feed keeps the list at this length. */
export const LATEST_TRANSACTIONS_SHOWN = EXPLORER_LIMITS.latestDefault;

/** GET /api/explorer/transactions: the newest transactions of every network, or of one. */
export function getLatestTransactions(network: NetworkId | undefined, signal?: AbortSignal): Promise<ExplorerPage> {
  return getExplorer(`/api/explorer/transactions${queryString({ network, limit: LATEST_TRANSACTIONS_SHOWN })}`, explorerPageSchema, signal);
}

/** The home page's latest transactions; the public realtime channel adds and updates them (live/apply-explorer-event.ts). */
export function useLatestTransactions(network: NetworkId | undefined) {
  return useQuery({ queryKey: explorerDataKeys.latest(network), queryFn: ({ signal }) => getLatestTransactions(network, signal) });
}
