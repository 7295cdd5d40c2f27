import { EXPLORER_LIMITS, type ExplorerBlockSummary, type NetworkId, explorerPaths } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { explorerDataKeys } from './explorer-keys.ts';
import { POLL_WHILE_OFFLINE_MS } from './get-latest-transactions.ts';
import { getExplorer } from './parse-response.ts';

/** How many of each network's latest blocks the home page shows. */
export const LATEST_BLOCKS_SHOWN = EXPLORER_LIMITS.blocksDefault;

/** GET /api/explorer/blocks: each network's latest blocks that included something, newest first. */
export async function getLatestBlocks(network: NetworkId | undefined, signal?: AbortSignal): Promise<ExplorerBlockSummary[]> {
  const list = await getExplorer(explorerPaths.latestBlocks(network), (schemas) => schemas.explorerBlockListSchema, signal);
  return list.blocks;
}

/** The home page's latest blocks; `explorer_block` events update them live, and polling while the channel is down. */
export function useLatestBlocks(network: NetworkId | undefined, isLive: boolean) {
  return useQuery({
    queryKey: explorerDataKeys.blocks(network),
    queryFn: ({ signal }) => getLatestBlocks(network, signal),
    refetchInterval: isLive ? false : POLL_WHILE_OFFLINE_MS,
  });
}
