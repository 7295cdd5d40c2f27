import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  PAYMENT_MESSAGES,
  receivedMessage,
  type NotificationPreferenceKey,
  type PaymentRequestView,
  type RealtimeEventName,
  type RealtimeEvents,
  type WalletView,
} from '@fincrypt/domain';
import type { QueryClient } from '@tanstack/react-query';
import { type Account, accountQueryKey, getNotificationPreferences, notificationPreferencesQueryKey } from '../../features/account/index.ts';
import { alertsQueryKeys } from '../../features/alerts/index.ts';
import { type Session, sessionQueryKey } from '../../features/auth/index.ts';
import { insightsKeys } from '../../features/insights/index.ts';
import { paidToastText, paymentRequestKeys } from '../../features/payment-requests/index.ts';
import { useCurrencyStore } from '../../features/preferences/index.ts';
import { PRICE_REFRESH_MS, type PricesResponse, getPrices, pricesQueryKey } from '../../features/prices/index.ts';
import { isAcknowledged } from '../../features/send-receive/index.ts';
import {
  applyTransactionStatus,
  applyTransactionUpdate,
  explorerKeys,
  hashKey,
  receivedFiatText,
  transactionKeys,
} from '../../features/transactions/index.ts';
import { walletsQueryKey, withBalance, withWallet, withoutWallet } from '../../features/wallets/index.ts';

/** The fraud alert toast (docs/product.md#toasts): a warning that stays 6 s. */
export const FRAUD_TOAST_MS = 6_000;
/** Preferences read for a toast are trusted this long before they are asked for again. */
const PREFERENCES_STALE_MS = 15_000;
/** Enough to recognise a repeated status toast; older entries are forgotten. */
const ANNOUNCED_MEMORY = 200;
/** The 'Balance updated' toast replaces itself rather than stacking. */
const BALANCE_TOAST_ID = 'balance-updated';

export interface RealtimeToasts {
  success: (message: string) => void;
  error: (message: string) => void;
  warning: (message: string, options: { duration: number }) => void;
  /** `id`: a toast with the same id replaces the one on screen instead of stacking. */
  info: (message: string, options: { id: string }) => void;
}

/** Each event's handler; those that ask for the notification preferences before a toast are async. */
export type RealtimeHandlers = { [E in RealtimeEventName]: (payload: RealtimeEvents[E]) => void | Promise<void> } & {
  /** After every (re)connection: whatever happened while no socket listened is fetched again. */
  onConnect: (isReconnect: boolean) => void;
};

/** Caches that describe the ledger: what the first connection refreshes, in case an event came before it. */
const LEDGER_KEYS = [walletsQueryKey, transactionKeys.all, alertsQueryKeys.all, explorerKeys.all, insightsKeys.risk, insightsKeys.fraudAlerts];

/**
 * Turns the server's realtime events into query-cache updates (so every open screen follows without a
 * reload) and into toasts (docs/product.md#toasts), each shown only when the user's notification preferences allow it.
 */
export function createRealtimeHandlers(queryClient: QueryClient, toasts: RealtimeToasts): RealtimeHandlers {
  const announced = new Set<string>();

  /** True the first time a hash reaches a status: both rows of a send to yourself announce it once. */
  const isFirstAnnouncement = (hash: string, status: string) => {
    const key = `${hashKey(hash)}:${status}`;
    if (announced.has(key)) return false;
    if (announced.size >= ANNOUNCED_MEMORY) announced.clear();
    announced.add(key);
    return true;
  };

  const isWanted = async (preference: NotificationPreferenceKey): Promise<boolean> => {
    try {
      const preferences = await queryClient.fetchQuery({
        queryKey: notificationPreferencesQueryKey,
        queryFn: getNotificationPreferences,
        staleTime: PREFERENCES_STALE_MS,
      });
      return preferences[preference];
    } catch {
      return DEFAULT_NOTIFICATION_PREFERENCES[preference];
    }
  };

  /** The live prices for a toast: those on screen, else asked for once; undefined when they cannot be had. */
  const livePrices = async (): Promise<PricesResponse['prices'] | undefined> => {
    try {
      return (await queryClient.fetchQuery({ queryKey: pricesQueryKey, queryFn: ({ signal }) => getPrices(signal), staleTime: PRICE_REFRESH_MS })).prices;
    } catch {
      return undefined;
    }
  };

  return {
    onConnect(isReconnect) {
      if (isReconnect) void queryClient.invalidateQueries();
      else for (const queryKey of LEDGER_KEYS) void queryClient.invalidateQueries({ queryKey });
    },

    async transaction_status({ hash, status, error }) {
      applyTransactionStatus(queryClient, hash, status);
      if (status === 'pending') {
        void queryClient.invalidateQueries({ queryKey: insightsKeys.risk });
        return;
      }
      if (!isFirstAnnouncement(hash, status) || !(await isWanted('transactionAlerts'))) return;
      if (status === 'confirmed') toasts.success('Transaction confirmed');
      else toasts.error(error ? `Transaction failed: ${error}` : 'Transaction failed');
    },

    async transaction_update({ transaction, replaces }) {
      applyTransactionUpdate(queryClient, transaction);
      // A speed-up moved the transfer to a new hash: a page on the old hash finds it again; it is no new payment.
      if (replaces !== undefined) void queryClient.invalidateQueries({ queryKey: transactionKeys.detail(replaces) });
      // An incoming payment is announced once, when it arrives (later updates only count confirmations).
      if (transaction.type !== 'receive' || transaction.status !== 'pending' || replaces !== undefined) return;
      if (!isFirstAnnouncement(transaction.hash, 'received') || !(await isWanted('transactionAlerts'))) return;
      // In the recipient's display currency too: the value kept for them when it is in that currency, else today's price.
      const currency = useCurrencyStore.getState().currency;
      const fiat = receivedFiatText(transaction, await livePrices(), currency);
      toasts.success(receivedMessage(transaction.amount, transaction.symbol, fiat));
    },

    transactions_changed() {
      // A burst of the chain clock: lists, counts, open details and their explorer pages are read again.
      void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
      void queryClient.invalidateQueries({ queryKey: explorerKeys.all });
    },

    async balance_update(update) {
      // Every asset's balance comes with the event (whichever asset moved), so the card's coin and USDC both follow.
      const updated = withBalance(queryClient.getQueryData<WalletView[]>(walletsQueryKey), update);
      // A fetch already on its way may have read the balances before this change committed, and would land after
      // it: such a fetch is restarted (invalidating cancels it), so what lands was read after the commit.
      if (updated && queryClient.isFetching({ queryKey: walletsQueryKey }) === 0) queryClient.setQueryData(walletsQueryKey, updated);
      else void queryClient.invalidateQueries({ queryKey: walletsQueryKey });
      // Both wallets of a send to yourself change at once: one toast, not two.
      if (await isWanted('transactionAlerts')) toasts.info(PAYMENT_MESSAGES.balanceUpdated, { id: BALANCE_TOAST_ID });
    },

    wallet_update({ action, wallet }) {
      queryClient.setQueryData<WalletView[]>(walletsQueryKey, (wallets) =>
        action === 'connected' ? withWallet(wallets, wallet) : withoutWallet(wallets, wallet.id),
      );
    },

    async fraud_alert({ message, alert }) {
      for (const queryKey of [alertsQueryKeys.all, insightsKeys.fraudAlerts, insightsKeys.risk]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      // The user confirmed this very warning (sent from the review that showed it) for this send: it is listed, not toasted again.
      if (isAcknowledged(alert)) return;
      if (await isWanted('fraudDetection')) toasts.warning(message, { duration: FRAUD_TOAST_MS });
    },

    profile_update({ name, email, avatar }) {
      queryClient.setQueryData<Account>(accountQueryKey, (account) => account && { ...account, name, email, avatar });
      // The event also comes when 2FA goes on or off, which it does not carry: fetch the profile again.
      void queryClient.invalidateQueries({ queryKey: accountQueryKey, exact: true });
      queryClient.setQueryData<Session | null>(sessionQueryKey, (session) =>
        session ? { ...session, user: { ...session.user, name, email, image: avatar } } : session,
      );
    },

    async payment_request_paid({ request }) {
      // The Receive tab's list shows it paid at once (with its transaction), then is read again; its pay page too.
      queryClient.setQueryData<PaymentRequestView[]>(paymentRequestKeys.mine, (requests) =>
        requests?.map((candidate) => (candidate.id === request.id ? request : candidate)),
      );
      void queryClient.invalidateQueries({ queryKey: paymentRequestKeys.all });
      if (!isFirstAnnouncement(request.id, 'request-paid') || !(await isWanted('transactionAlerts'))) return;
      toasts.success(paidToastText(request));
    },

    payment_request_reopened({ requestId }) {
      // Its paying send failed on the chain: open again in the list at once, then the list and its pay page are read again.
      queryClient.setQueryData<PaymentRequestView[]>(paymentRequestKeys.mine, (requests) =>
        requests?.map((candidate) => (candidate.id === requestId ? { ...candidate, status: 'open', paidAt: null, transactionHash: null } : candidate)),
      );
      void queryClient.invalidateQueries({ queryKey: paymentRequestKeys.all });
    },
  };
}
