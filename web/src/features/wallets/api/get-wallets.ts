import { type WalletView, signedInPaths } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const walletsQueryKey = ['wallets'] as const;

export const getWallets = () => apiFetch<{ wallets: WalletView[] }>(signedInPaths.wallets).then((response) => response.wallets);

/** The signed-in user's connected wallets with their balances; realtime events refresh it. */
export function useWallets() {
  return useQuery({ queryKey: walletsQueryKey, queryFn: getWallets });
}
