import { type ExplorerStats, explorerPaths } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { explorerDataKeys } from './explorer-keys.ts';
import { getExplorer } from './parse-response.ts';

/**
 * The figures cover a sliding window (the last minute): they change as time passes even when nothing happens,
 * so they are read again this often, besides after the feed's events (live/use-explorer-feed.ts).
 */
export const NETWORK_STATS_REFRESH_MS = 10_000;

/** GET /api/explorer/stats: each network's transactions per second, average fee and pending count. */
export function getNetworkStats(signal?: AbortSignal): Promise<ExplorerStats> {
  return getExplorer(explorerPaths.stats, (schemas) => schemas.explorerStatsSchema, signal);
}

export function useNetworkStats() {
  return useQuery({
    queryKey: explorerDataKeys.stats,
    queryFn: ({ signal }) => getNetworkStats(signal),
    refetchInterval: NETWORK_STATS_REFRESH_MS,
  });
}
