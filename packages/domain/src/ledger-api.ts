import { z } from 'zod';
import { GAS_SPEEDS } from './fees.ts';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from './confirmations.ts';
import { API_ERRORS } from './errors.ts';
import { NETWORKS, networkIdSchema, type NetworkId } from './networks.ts';
import type { AVATAR_PRESETS } from './account.ts';
import { PRICE_FEED_SOURCES } from './market-api.ts';
import { unitsPerCoin } from './money.ts';

/**
 * The shapes of the wallets, fees, transactions, explorer, alerts and risk API, and of the realtime
 * events: one definition for the server's routes and the browser's calls. Amounts travel as strings:
 * `…Units` are integers in the smallest unit (wei, lamports), the others are decimal coin amounts.
 */

/** The wallet and transaction API's messages, as the error registry (errors.ts) defines them. */
export const WALLET_MESSAGES = {
  walletNotFound: API_ERRORS.NOT_FOUND.messages.walletNotFound,
  transactionNotFound: API_ERRORS.NOT_FOUND.messages.transactionNotFound,
  idempotencyKeyMissing: API_ERRORS.VALIDATION_ERROR.messages.idempotencyKeyMissing,
  idempotencyKeyInvalid: API_ERRORS.VALIDATION_ERROR.messages.idempotencyKeyInvalid,
  idempotencyKeyReused: API_ERRORS.IDEMPOTENCY_KEY_REUSED.messages.idempotencyKeyReused,
  invalidCursor: API_ERRORS.VALIDATION_ERROR.messages.invalidCursor,
  invalidDateRange: API_ERRORS.VALIDATION_ERROR.messages.invalidDateRange,
  walletLimitReached: API_ERRORS.WALLET_LIMIT_REACHED.messages.walletLimitReached,
} as const;

/** Every connect mints a new 100.0000, so the wallets one account may ever create are capped. */
export const MAX_WALLETS_PER_USER = 30;

/** 'A Ethereum Sepolia wallet is already connected' — the template of docs/product.md#wallets with the network's label. */
export function walletAlreadyConnectedMessage(network: NetworkId): string {
  return API_ERRORS.WALLET_ALREADY_CONNECTED.messages.alreadyConnected(network);
}

/** Every new wallet starts with 100.0000 of its coin, minted for it. */
export const STARTING_BALANCE_COINS = 100n;
export const BALANCE_DISPLAY_PLACES = 4;
export const MAX_SENDABLE_DISPLAY_PLACES = 8;

export function startingBalanceUnits(network: NetworkId): bigint {
  return STARTING_BALANCE_COINS * unitsPerCoin(NETWORKS[network].decimals);
}

export const connectWalletSchema = z.object({ network: networkIdSchema });
export type ConnectWalletInput = z.infer<typeof connectWalletSchema>;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,128}$/, WALLET_MESSAGES.idempotencyKeyInvalid);

const unitsString = z.string().regex(/^\d+$/);
const decimalString = z.string().regex(/^\d+(\.\d+)?$/);

export const walletViewSchema = z.object({
  id: z.uuid(),
  network: networkIdSchema,
  networkLabel: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  /** The blockchain type: 'ethereum' for both EVM networks (docs/product.md#networks). */
  type: z.enum(['ethereum', 'solana']),
  address: z.string(),
  /** Coin to 4 decimals, cut (never rounded up). */
  balance: decimalString,
  balanceUnits: unitsString,
  createdAt: z.iso.datetime(),
});
export type WalletView = z.infer<typeof walletViewSchema>;

export const walletListSchema = z.object({ wallets: z.array(walletViewSchema) });

export const feeQuoteViewSchema = z.object({
  speed: z.enum(GAS_SPEEDS),
  label: z.string(),
  gasPriceWei: unitsString,
  /** Gwei to 2 decimals. */
  gasPriceGwei: decimalString,
  /** Coin, exact (every digit, trailing zeros trimmed). */
  fee: decimalString,
  feeUnits: unitsString,
  /** US dollars to 2 decimals. */
  feeUsd: decimalString.optional(),
  timeEstimate: z.string(),
  quotedAt: z.iso.datetime(),
  /** After this the quote is no longer honoured and the current fee is charged. */
  expiresAt: z.iso.datetime(),
  /** Send it back with the transaction to be charged exactly this fee. */
  quoteId: z.string(),
  /** Balance minus this fee, to 8 decimals (cut); '0' when the balance is below the fee. */
  maxSendable: decimalString,
  maxSendableUnits: unitsString,
});
export type FeeQuoteView = z.infer<typeof feeQuoteViewSchema>;

export const feeQuotesResponseSchema = z.object({
  walletId: z.uuid(),
  network: networkIdSchema,
  symbol: z.string(),
  balance: decimalString,
  balanceUnits: unitsString,
  /** The USD price the feeUsd figures use, and where it came from. */
  usdPrice: z.number(),
  priceSource: z.enum(PRICE_FEED_SOURCES),
  /** The live factor changes this often; ask again to stay current. */
  refreshIntervalMs: z.number().int(),
  quotes: z.array(feeQuoteViewSchema),
});
export type FeeQuotesResponse = z.infer<typeof feeQuotesResponseSchema>;

export const feeQuotesQuerySchema = z.object({ walletId: z.uuid({ error: WALLET_MESSAGES.walletNotFound }) });

export const transactionViewSchema = z.object({
  id: z.uuid(),
  hash: z.string(),
  network: networkIdSchema,
  symbol: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  /** The wallet of yours this row belongs to (the sender's for a send, the recipient's for a receive). */
  walletId: z.uuid(),
  fromAddress: z.string(),
  toAddress: z.string(),
  /** Exact coin amount, no trailing zeros. */
  amount: decimalString,
  amountUnits: unitsString,
  /** The transaction's fee (paid by the sender) = gasUsed × effectiveGasPrice, coin, exact (trailing zeros trimmed). */
  fee: decimalString,
  feeUnits: unitsString,
  gasUsed: unitsString,
  effectiveGasPrice: unitsString,
  gasPriceGwei: decimalString,
  speed: z.enum(GAS_SPEEDS),
  status: z.enum(TRANSACTION_STATUSES),
  confirmations: z.number().int(),
  blockNumber: z.number().int().nullable(),
  timestamp: z.iso.datetime(),
});
export type TransactionView = z.infer<typeof transactionViewSchema>;

export const fraudAlertViewSchema = z.object({
  id: z.uuid(),
  transactionId: z.uuid(),
  transactionHash: z.string(),
  riskLevel: z.enum(['low', 'medium', 'high']),
  reason: z.string(),
  timestamp: z.iso.datetime(),
});
export type FraudAlertView = z.infer<typeof fraudAlertViewSchema>;

export const sendResponseSchema = z.object({
  transaction: transactionViewSchema,
  /** The sender wallet after the debit. */
  wallet: walletViewSchema,
  /** Fraud alerts this send raised (also pushed as `fraud_alert`). */
  alerts: z.array(fraudAlertViewSchema),
});
export type SendResponse = z.infer<typeof sendResponseSchema>;

export const TRANSACTION_PAGE_LIMITS = { defaultLimit: 20, maxLimit: 100, searchChars: 128, cursorChars: 200 } as const;

/** A day (YYYY-MM-DD, a whole UTC day) or an exact instant with its offset. */
const dateBound = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const transactionListQuerySchema = z.object({
  search: z.string().trim().max(TRANSACTION_PAGE_LIMITS.searchChars).optional(),
  type: z.enum(TRANSACTION_TYPES).optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  /** Only this network's transactions (docs/product.md#transactions). */
  network: networkIdSchema.optional(),
  from: dateBound.optional(),
  to: dateBound.optional(),
  cursor: z.string().max(TRANSACTION_PAGE_LIMITS.cursorChars).optional(),
  limit: z.coerce.number().int().min(1).max(TRANSACTION_PAGE_LIMITS.maxLimit).default(TRANSACTION_PAGE_LIMITS.defaultLimit),
});
export type TransactionListQuery = z.input<typeof transactionListQuerySchema>;

export const transactionPageSchema = z.object({
  items: z.array(transactionViewSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TransactionPage = z.infer<typeof transactionPageSchema>;

export const transactionCountsSchema = z.object({
  pending: z.number().int(),
  confirmed: z.number().int(),
  failed: z.number().int(),
});
export type TransactionCounts = z.infer<typeof transactionCountsSchema>;

/** What a public block explorer shows for a transaction: nothing about who owns the addresses. */
export const explorerTransactionSchema = z.object({
  hash: z.string(),
  network: networkIdSchema,
  networkLabel: z.string(),
  symbol: z.string(),
  from: z.string(),
  to: z.string(),
  value: decimalString,
  valueUnits: unitsString,
  fee: decimalString,
  feeUnits: unitsString,
  gasUsed: unitsString,
  effectiveGasPrice: unitsString,
  gasPriceGwei: decimalString,
  status: z.enum(TRANSACTION_STATUSES),
  confirmations: z.number().int(),
  blockNumber: z.number().int().nullable(),
  timestamp: z.iso.datetime(),
});
export type ExplorerTransaction = z.infer<typeof explorerTransactionSchema>;

export const alertListSchema = z.object({ alerts: z.array(fraudAlertViewSchema) });

export const riskViewSchema = z.object({
  score: z.number().int(),
  level: z.enum(['low', 'medium', 'high']),
  label: z.enum(['Low', 'Medium', 'High']),
  color: z.enum(['green', 'amber', 'red']),
  breakdown: z.object({ largeAmounts: z.number().int(), bursts: z.number().int(), distinctRecipients: z.number().int() }),
  /** How many of your most recent sends the score looked at (at most 10). */
  transactionsConsidered: z.number().int(),
});
export type RiskView = z.infer<typeof riskViewSchema>;

/** Payloads of the socket.io events the server pushes to a signed-in user's sockets. */
export interface RealtimeEvents {
  transaction_status: { hash: string; network: NetworkId; status: TransactionView['status']; error?: string };
  /** Replace your copy of the transaction with this hash (and type) by this one. */
  transaction_update: { transaction: TransactionView };
  balance_update: { walletId: string; network: NetworkId; newBalance: string; newBalanceUnits: string };
  wallet_update: { action: 'connected' | 'disconnected'; wallet: WalletView };
  fraud_alert: { message: string; level: FraudAlertView['riskLevel']; alert: FraudAlertView };
  profile_update: { name: string; email: string; avatar: (typeof AVATAR_PRESETS)[number] };
}
export type RealtimeEventName = keyof RealtimeEvents;
export const REALTIME_EVENT_NAMES = [
  'transaction_status',
  'transaction_update',
  'balance_update',
  'wallet_update',
  'fraud_alert',
  'profile_update',
] as const satisfies readonly RealtimeEventName[];
export const REALTIME_PATH = '/socket.io';
