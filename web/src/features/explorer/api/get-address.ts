import { type ExplorerAddress, type NetworkId, explorerPaths } from '@fincrypt/domain';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { explorerDataKeys } from './explorer-keys.ts';
import { getExplorer } from './parse-response.ts';

/** GET /api/explorer/address/:address: its networks, balances and label, and one page of its transactions. */
export function getExplorerAddress(address: string, network: NetworkId | undefined, cursor: string | undefined, signal?: AbortSignal): Promise<ExplorerAddress> {
  return getExplorer(explorerPaths.address(address, network, cursor), (schemas) => schemas.explorerAddressSchema, signal);
}

/** A refusal (400: not an address of any network) is final: asking again changes nothing. */
const retryUnlessRefused = (count: number, error: Error) => !(error instanceof ApiError && error.status < 500 && error.status !== 429) && count < 1;

/** An address page: the first page says what the address holds; "Older transactions" adds the next pages. */
export function useExplorerAddress(address: string, network: NetworkId | undefined) {
  return useInfiniteQuery<ExplorerAddress, Error, InfiniteData<ExplorerAddress, string | undefined>, readonly unknown[], string | undefined>({
    queryKey: explorerDataKeys.address(address, network),
    queryFn: ({ pageParam, signal }) => getExplorerAddress(address, network, pageParam, signal),
    initialPageParam: undefined,
    getNextPageParam: (page) => page.transactions.nextCursor ?? undefined,
    retry: retryUnlessRefused,
    enabled: address.length > 0,
  });
}
