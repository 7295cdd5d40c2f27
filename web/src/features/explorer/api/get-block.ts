import { API_ERRORS, type ExplorerBlock, type NetworkId, explorerPaths, isNetworkId, readBlockNumber } from '@fincrypt/domain';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { explorerDataKeys } from './explorer-keys.ts';
import { getExplorer } from './parse-response.ts';

/** A block page's address, read: a known network and a whole number from 1, or why not (in the API's own words). */
export type BlockAddress = { ok: true; network: NetworkId; number: number } | { ok: false; message: string };

export const UNKNOWN_NETWORK_MESSAGE = 'Unknown network: choose Ethereum Sepolia, Polygon Amoy or Solana Devnet';

export function readBlockAddress(network: string, number: string): BlockAddress {
  if (!isNetworkId(network)) return { ok: false, message: UNKNOWN_NETWORK_MESSAGE };
  const value = readBlockNumber(number);
  if (value === undefined) return { ok: false, message: API_ERRORS.VALIDATION_ERROR.messages.invalidBlockNumber };
  return { ok: true, network, number: value };
}

/** GET /api/explorer/block/:network/:number: the block's summary and one page of the transactions it included. */
export function getExplorerBlock(network: NetworkId, number: number, cursor: string | undefined, signal?: AbortSignal): Promise<ExplorerBlock> {
  return getExplorer(explorerPaths.block(network, number, cursor), (schemas) => schemas.explorerBlockSchema, signal);
}

/** A block not produced yet (404) or refused (400) stays so on asking again at once. */
const retryUnlessRefused = (count: number, error: Error) => !(error instanceof ApiError && error.status < 500 && error.status !== 429) && count < 1;

/** A block page; "Older transactions" adds the next pages of what it included. */
export function useExplorerBlock(network: NetworkId, number: number) {
  return useInfiniteQuery<ExplorerBlock, Error, InfiniteData<ExplorerBlock, string | undefined>, readonly unknown[], string | undefined>({
    queryKey: explorerDataKeys.block(network, number),
    queryFn: ({ pageParam, signal }) => getExplorerBlock(network, number, pageParam, signal),
    initialPageParam: undefined,
    getNextPageParam: (page) => page.transactions.nextCursor ?? undefined,
    retry: retryUnlessRefused,
  });
}
