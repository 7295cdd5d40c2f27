import { type WalletTestKey, walletTestKeyPath } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { loadSchemas } from '../../../lib/load-schemas.ts';

/** GET /api/wallets/:id/test-key: a demo account's EVM wallet's address and private key (0x-hex), for MetaMask. */
export async function getTestKey(walletId: string, signal?: AbortSignal): Promise<WalletTestKey> {
  const [body, { walletTestKeySchema }] = await Promise.all([apiFetch<unknown>(walletTestKeyPath(walletId), { signal }), loadSchemas()]);
  return walletTestKeySchema.parse(body);
}

/**
 * The wallet's test key, for the component that shows it: asked for when it mounts (the disclosure opens) and forgotten
 * as soon as nothing shows it (gcTime 0), so the key does not stay in the page's cache. A refusal (403, 404) is not
 * asked again.
 */
export function useTestKey(walletId: string) {
  return useQuery({
    queryKey: ['wallet-test-key', walletId],
    queryFn: ({ signal }) => getTestKey(walletId, signal),
    gcTime: 0,
    staleTime: Infinity,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}
