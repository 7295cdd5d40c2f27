import { NETWORKS, type NetworkId, WALLET_MESSAGES, type WalletView } from '@fincrypt/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { walletsQueryKey } from './get-wallets.ts';
import { withWallet, withoutWallet } from './wallet-cache.ts';

/**
 * Applies a change the server confirmed. A wallet list fetched before the change could still land after it
 * and bring the old list back, so in-flight fetches are cancelled first and a fresh one follows.
 */
async function settleWallets(queryClient: QueryClient, change: (wallets: WalletView[] | undefined) => WalletView[] | undefined) {
  await queryClient.cancelQueries({ queryKey: walletsQueryKey });
  queryClient.setQueryData<WalletView[]>(walletsQueryKey, change);
  void queryClient.invalidateQueries({ queryKey: walletsQueryKey });
}

export const connectWallet = (network: NetworkId) =>
  apiFetch<WalletView>('/api/wallets', { method: 'POST', body: { network } });

export const disconnectWallet = (walletId: string) =>
  apiFetch<void>(`/api/wallets/${encodeURIComponent(walletId)}`, { method: 'DELETE' });

/**
 * Connects a wallet on a network: '{Network} wallet connected successfully', or the server's refusal
 * ('A … wallet is already connected'), or 'Failed to connect wallet' when there is no message to show.
 */
export function useConnectWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectWallet,
    onSuccess: async (wallet) => {
      await settleWallets(queryClient, (wallets) => withWallet(wallets, wallet));
      // A network had a wallet before: this one starts empty, and the toast says where funds come from now.
      const isEmpty = wallet.balances.every((balance) => balance.balanceUnits === '0');
      toast.success(`${NETWORKS[wallet.network].label} wallet connected successfully`, isEmpty ? { description: WALLET_MESSAGES.startsEmpty } : undefined);
    },
    onError: (error) => {
      toast.error(error instanceof ApiError && error.status === 409 ? error.message : 'Failed to connect wallet');
    },
  });
}

export function useDisconnectWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (wallet: WalletView) => disconnectWallet(wallet.id),
    onSuccess: async (_nothing, wallet) => {
      await settleWallets(queryClient, (wallets) => withoutWallet(wallets, wallet.id));
      toast.success('Wallet disconnected');
    },
    onError: () => toast.error('Failed to disconnect wallet'),
  });
}
