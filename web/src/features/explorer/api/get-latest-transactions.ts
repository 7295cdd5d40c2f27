import { EXPLORER_LIMITS, type ExplorerPage, type NetworkId, explorerPaths } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { explorerDataKeys } from './explorer-keys.ts';
import { getExplorer } from './parse-response.ts';

/** How many latest transactions the home page shows; the live feed keeps the list at this length. */
export const LATEST_TRANSACTIONS_SHOWN = EXPLORER_LIMITS.latestDefault;

/** GET /api/explorer/transactions: the newest transactions of every network, or of one. */
export function getLatestTransactions(network: NetworkId | undefined, signal?: AbortSignal): Promise<ExplorerPage> {
  return getExplorer(explorerPaths.latestTransactions(network), (schemas) => schemas.explorerPageSchema, signal);
}

/** While the live channel is down, the home page's lists are read this often instead. */
export const POLL_WHILE_OFFLINE_MS = 10_000;

/**
 * The home page's latest transactions; the public realtime channel adds and updates them
 * (live/apply-explorer-event.ts), and while it is not live they are read every POLL_WHILE_OFFLINE_MS.
 */
export function useLatestTransactions(network: NetworkId | undefined, isLive: boolean) {
  return useQuery({
    queryKey: explorerDataKeys.latest(network),
    queryFn: ({ signal }) => getLatestTransactions(network, signal),
    refetchInterval: isLive ? false : POLL_WHILE_OFFLINE_MS,
  });
}
