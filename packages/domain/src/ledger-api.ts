import type { AVATAR_PRESETS } from './account.ts';
import type { FraudAlertView } from './fraud-schemas.ts';
import type { AssetBalanceView, TransactionView, WalletView } from './ledger-api-schemas.ts';
import { unitsPerCoin } from './money.ts';
import { NETWORKS, type NetworkId } from './networks.ts';
import type { PaymentRequestView } from './payment-requests-schemas.ts';

/**
 * The wallets, fees, transactions, alerts and risk API's limits, and the realtime events (its messages are in
 * ledger-messages.ts, so that what only needs a limit does not load the error registry); the API's
 * shapes (one definition for the server's routes and the browser's calls) are in ledger-api-schemas.ts. Amounts
 * travel as strings: `…Units` are integers in the smallest unit (wei, lamports), the others are decimal coin amounts.
 */

/** Every connect mints a new 100.0000, so the wallets one account may ever create are capped. */
export const MAX_WALLETS_PER_USER = 30;

/** Every new wallet starts with 100.0000 of its coin (and its tokens' opening grants, assets.ts), minted for it. */
export const STARTING_BALANCE_COINS = 100n;
export const BALANCE_DISPLAY_PLACES = 4;
export const MAX_SENDABLE_DISPLAY_PLACES = 8;

export function startingBalanceUnits(network: NetworkId): bigint {
  return STARTING_BALANCE_COINS * unitsPerCoin(NETWORKS[network].decimals);
}

/** A wallet may ask the faucet for test funds once per this long. */
export const FAUCET_COOLDOWN_MS = 24 * 60 * 60_000;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const TRANSACTION_PAGE_LIMITS = { defaultLimit: 20, maxLimit: 100, searchChars: 128, cursorChars: 200 } as const;

/** Payloads of the socket.io events the server pushes to a signed-in user's sockets. */
export interface RealtimeEvents {
  transaction_status: { hash: string; network: NetworkId; status: TransactionView['status']; error?: string };
  /**
   * Replace your copy of the transaction with this hash (and type) by this one. `replaces`: a speed-up replaced the
   * transaction with this hash by this one (a new hash, same transfer): not a new payment.
   */
  transaction_update: { transaction: TransactionView; replaces?: string };
  /**
   * Many of your transactions moved in one step of the chain clock (a burst): one event instead of a
   * `transaction_update` each. Read your transactions again. Their `transaction_status` events still come one by one.
   */
  transactions_changed: { count: number };
  /**
   * A wallet's balances moved. `asset` is the asset the change was about; `newBalance(Units)` stay the native
   * coin's (for older clients); `balances` has every asset's.
   */
  balance_update: {
    walletId: string;
    network: NetworkId;
    asset: string;
    newBalance: string;
    newBalanceUnits: string;
    balances: AssetBalanceView[];
  };
  wallet_update: { action: 'connected' | 'disconnected'; wallet: WalletView };
  fraud_alert: { message: string; level: FraudAlertView['riskLevel']; alert: FraudAlertView };
  profile_update: { name: string; email: string; avatar: (typeof AVATAR_PRESETS)[number] };
  /** One of your payment requests was paid (payment-requests.ts): the request as it now is, and the paying send's hash. */
  payment_request_paid: { request: PaymentRequestView; transactionHash: string };
  /** The send that paid one of your requests failed on its chain (dropped or reverted): the request is open again. */
  payment_request_reopened: { requestId: string; transactionHash: string };
}
export type RealtimeEventName = keyof RealtimeEvents;
export const REALTIME_EVENT_NAMES = [
  'transaction_status',
  'transaction_update',
  'transactions_changed',
  'balance_update',
  'wallet_update',
  'fraud_alert',
  'profile_update',
  'payment_request_paid',
  'payment_request_reopened',
] as const satisfies readonly RealtimeEventName[];
export const REALTIME_PATH = '/socket.io';
