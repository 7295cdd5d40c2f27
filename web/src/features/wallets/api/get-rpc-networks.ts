import { RPC_NETWORKS_PATH, type RpcNetworkView } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { loadSchemas } from '../../../lib/load-schemas.ts';

export const rpcNetworksQueryKey = ['rpc-networks'] as const;

/** GET /rpc (public): the EVM networks this server has a JSON-RPC endpoint for, in the registry's order. */
export async function getRpcNetworks(signal?: AbortSignal): Promise<RpcNetworkView[]> {
  const [body, { rpcNetworkListSchema }] = await Promise.all([apiFetch<unknown>(RPC_NETWORKS_PATH, { signal }), loadSchemas()]);
  return rpcNetworkListSchema.parse(body).networks;
}

/** The networks a wallet can be added to MetaMask on; they change only when the server restarts. */
export function useRpcNetworks() {
  return useQuery({ queryKey: rpcNetworksQueryKey, queryFn: ({ signal }) => getRpcNetworks(signal), staleTime: Infinity, retry: 1 });
}
