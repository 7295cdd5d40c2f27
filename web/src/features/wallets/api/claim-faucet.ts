import { type FaucetResponse, type TransactionView, type WalletView, shortAmount } from '@fincrypt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { loadSchemas } from '../../../lib/load-schemas.ts';
import { toast } from '../../../lib/toast.ts';
import { transactionKeys } from '../../transactions/index.ts';
import { walletsQueryKey } from './get-wallets.ts';
import { withNextFaucetAt, withUpdatedWallet } from './wallet-cache.ts';

/** The server's code for a claim within a day of the wallet's last one (429, with `Retry-After`). */
export const FAUCET_COOLDOWN_CODE = 'FAUCET_COOLDOWN';
export const FAUCET_FAILED_MESSAGE = 'Could not get test funds. Please try again.';

/** An answer that is not a faucet claim's (a proxy's page, a server from before the faucet). */
export class InvalidFaucetResponseError extends Error {
  constructor() {
    super('The faucet answered with something that is not a claim');
    this.name = 'InvalidFaucetResponseError';
  }
}

/** POST /api/wallets/:id/faucet (no body): 201 with the wallet after the claim, its mint transactions and when it may ask again. */
export async function claimFaucet(walletId: string): Promise<FaucetResponse> {
  const [body, { faucetResponseSchema }] = await Promise.all([
    apiFetch<unknown>(`/api/wallets/${encodeURIComponent(walletId)}/faucet`, { method: 'POST' }),
    loadSchemas(),
  ]);
  const parsed = faucetResponseSchema.safeParse(body);
  if (!parsed.success) throw new InvalidFaucetResponseError();
  return parsed.data;
}

/** "Added 10 ETH and 500 USDC": what the claim's mint transactions brought, in the order the server lists them. */
export function faucetSuccessMessage(transactions: readonly Pick<TransactionView, 'amount' | 'symbol'>[]): string {
  const parts = transactions.map((transaction) => `${shortAmount(transaction.amount)} ${transaction.symbol}`);
  if (parts.length === 0) return 'Test funds added';
  const last = parts.pop()!;
  return `Added ${parts.length > 0 ? `${parts.join(', ')} and ${last}` : last}`;
}

/** What a refused or failed claim says: the server's own words when it gave any (the cooldown names the time). */
export function faucetFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.code !== 'HTTP_ERROR' && error.message && error.status < 500) return error.message;
  return FAUCET_FAILED_MESSAGE;
}

/**
 * "Get test funds" for one wallet: on success the wallet's new balances and next claim time go into the wallet
 * list at once, its history is asked again (the mints are in it), and a toast names the amounts. A claim
 * within the cooldown gets the server's message, and the wallet waits until the time the server gave.
 */
export function useClaimFaucet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (wallet: Pick<WalletView, 'id'>) => claimFaucet(wallet.id),
    onSuccess: async ({ wallet, transactions }) => {
      // A list fetched before the claim could land after it and bring the old balances back.
      await queryClient.cancelQueries({ queryKey: walletsQueryKey });
      queryClient.setQueryData<WalletView[]>(walletsQueryKey, (wallets) => withUpdatedWallet(wallets, wallet));
      void queryClient.invalidateQueries({ queryKey: walletsQueryKey });
      void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
      toast.success(faucetSuccessMessage(transactions));
    },
    onError: (error, wallet) => {
      if (error instanceof ApiError && error.code === FAUCET_COOLDOWN_CODE) {
        if (error.retryAt !== undefined) {
          const nextFaucetAt = new Date(error.retryAt).toISOString();
          queryClient.setQueryData<WalletView[]>(walletsQueryKey, (wallets) => withNextFaucetAt(wallets, wallet.id, nextFaucetAt));
        }
        void queryClient.invalidateQueries({ queryKey: walletsQueryKey });
      } else if (error instanceof ApiError && error.status === 404) {
        // Disconnected meanwhile (another tab): the list shows what is left.
        void queryClient.invalidateQueries({ queryKey: walletsQueryKey });
      }
      toast.error(faucetFailureMessage(error));
    },
  });
}
