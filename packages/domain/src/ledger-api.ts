import { z } from 'zod';
import { GAS_SPEEDS } from './fees.ts';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from './confirmations.ts';
import { API_ERRORS } from './errors.ts';
import { ASSET_SYMBOLS, assetSymbolSchema } from './assets.ts';
import { NETWORKS, networkIdSchema, type NetworkId } from './networks.ts';
import type { AVATAR_PRESETS } from './account.ts';
import { PRICE_FEED_SOURCES } from './market-api.ts';
import { unitsPerCoin } from './money.ts';
import { paymentQuoteSchema, valueAtSendSchema } from './quote-api.ts';
import { timelineStepSchema } from './timeline.ts';
import type { PaymentRequestView } from './payment-requests.ts';
import { rawTransactionSchema } from './explorer.ts';

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

/** Every new wallet starts with 100.0000 of its coin (and its tokens' opening grants, assets.ts), minted for it. */
export const STARTING_BALANCE_COINS = 100n;
export const BALANCE_DISPLAY_PLACES = 4;
export const MAX_SENDABLE_DISPLAY_PLACES = 8;

export function startingBalanceUnits(network: NetworkId): bigint {
  return STARTING_BALANCE_COINS * unitsPerCoin(NETWORKS[network].decimals);
}

/** A wallet may ask the faucet for test funds once per this long. */
export const FAUCET_COOLDOWN_MS = 24 * 60 * 60_000;

export const connectWalletSchema = z.object({ network: networkIdSchema });
export type ConnectWalletInput = z.infer<typeof connectWalletSchema>;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,128}$/, WALLET_MESSAGES.idempotencyKeyInvalid);

const unitsString = z.string().regex(/^\d+$/);
const decimalString = z.string().regex(/^\d+(\.\d+)?$/);

/** One asset a wallet holds. */
export const assetBalanceViewSchema = z.object({
  /** The asset's id within its network: its symbol ("ETH", "USDC"). */
  asset: z.string(),
  symbol: z.string(),
  name: z.string(),
  decimals: z.number().int(),
  kind: z.enum(['native', 'token']),
  /** Tokens: 'erc20' or 'spl'. */
  standard: z.enum(['erc20', 'spl']).optional(),
  /** Tokens: the contract (EVM) or mint (Solana) address. */
  contractAddress: z.string().optional(),
  /** To the asset's display places (4 for coins, 2 for USDC), cut (never rounded up). */
  balance: decimalString,
  balanceUnits: unitsString,
});
export type AssetBalanceView = z.infer<typeof assetBalanceViewSchema>;

export const walletViewSchema = z.object({
  id: z.uuid(),
  network: networkIdSchema,
  networkLabel: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  /** The blockchain type: 'ethereum' for both EVM networks (docs/product.md#networks). */
  type: z.enum(['ethereum', 'solana']),
  address: z.string(),
  /** The native coin's balance, to 4 decimals, cut (never rounded up); every asset's is in `balances`. */
  balance: decimalString,
  balanceUnits: unitsString,
  /** One entry per asset of the network, the native coin first. */
  balances: z.array(assetBalanceViewSchema),
  /** When the faucet will next give this wallet test funds; null when it can now. */
  nextFaucetAt: z.iso.datetime().nullable(),
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
  /**
   * The most of the asset that can be sent at this fee, to 8 decimals (cut): for the coin, its balance minus
   * this fee ('0' when the balance is below it); for a token, its whole balance (the fee is paid in the coin).
   */
  maxSendable: decimalString,
  maxSendableUnits: unitsString,
});
export type FeeQuoteView = z.infer<typeof feeQuoteViewSchema>;

export const feeQuotesResponseSchema = z.object({
  walletId: z.uuid(),
  network: networkIdSchema,
  /** The asset being sent, and its balance. */
  asset: z.string(),
  /** The native coin: what the fee is paid in (and the symbol of every `fee`). */
  symbol: z.string(),
  balance: decimalString,
  balanceUnits: unitsString,
  /** The native coin's balance, which pays the fee. */
  feeBalance: decimalString,
  feeBalanceUnits: unitsString,
  /** Gas a transfer of this asset uses (21,000 for a coin, 65,000 for an ERC-20 token). */
  gasUsed: unitsString,
  /** The USD price the feeUsd figures use, and where it came from. */
  usdPrice: z.number(),
  priceSource: z.enum(PRICE_FEED_SOURCES),
  /** The live factor changes this often; ask again to stay current. */
  refreshIntervalMs: z.number().int(),
  quotes: z.array(feeQuoteViewSchema),
});
export type FeeQuotesResponse = z.infer<typeof feeQuotesResponseSchema>;

export const feeQuotesQuerySchema = z.object({
  walletId: z.uuid({ error: WALLET_MESSAGES.walletNotFound }),
  /** The asset to send; the wallet's coin when left out. */
  asset: assetSymbolSchema.optional(),
});

export const transactionViewSchema = z.object({
  id: z.uuid(),
  hash: z.string(),
  network: networkIdSchema,
  /** The asset moved ("ETH", "USDC"); `amount` is in it. */
  asset: z.string(),
  /** Same as `asset`: the symbol `amount` is shown with. */
  symbol: z.string(),
  /** The native coin's symbol: what `fee` is in. */
  feeSymbol: z.string(),
  /** Tokens: the contract (EVM) or mint (Solana) the transfer called. */
  tokenAddress: z.string().optional(),
  type: z.enum(TRANSACTION_TYPES),
  /** The wallet of yours this row belongs to (the sender's for a send, the recipient's for a receive). */
  walletId: z.uuid(),
  fromAddress: z.string(),
  toAddress: z.string(),
  /** Exact amount of the asset, no trailing zeros. */
  amount: decimalString,
  amountUnits: unitsString,
  /** The transaction's fee (paid by the sender, in the native coin) = gasUsed × effectiveGasPrice, exact (trailing zeros trimmed). */
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
  /** The firm quote the send honoured; null when it was sent without one. */
  quoteId: z.uuid().nullable(),
  /** Its fiat values when sent (the value now is the amount at today's price); null on mints and older rows. */
  valueAtSend: valueAtSendSchema.nullable(),
  /**
   * When the other side is one of the demo network's simulated participants: its public label ("Simulated · Amara
   * Okafor, remitter in Lagos"). Absent for everyone else (a real person's name is never shown here).
   */
  counterpartyLabel: z.string().optional(),
});
export type TransactionView = z.infer<typeof transactionViewSchema>;

/** `GET /api/transactions/:hash`: one of your transactions with its steps and the quote it honoured (its receipt's facts). */
export const transactionDetailSchema = transactionViewSchema.extend({
  timeline: z.array(timelineStepSchema),
  quote: paymentQuoteSchema.nullable(),
  /** Hashes a speed-up replaced by this transaction, oldest first (looking one up finds this one); absent from older servers. */
  replacedHashes: z.array(z.string()).optional(),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

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

/** A speed-up's answer (POST /api/transactions/:hash/speed-up): the replacing transaction, the wallet after the difference, what it cost. */
export const speedUpResponseSchema = z.object({
  transaction: transactionViewSchema,
  wallet: walletViewSchema,
  /** The hash the replacement took the place of (the request's, or the one it named). */
  replacedHash: z.string(),
  /** The fee difference charged, exact in the native coin; "0" when an earlier identical speed-up already did it. */
  feeDifference: decimalString,
  feeDifferenceUnits: unitsString,
});
export type SpeedUpResponse = z.infer<typeof speedUpResponseSchema>;

export const TRANSACTION_PAGE_LIMITS = { defaultLimit: 20, maxLimit: 100, searchChars: 128, cursorChars: 200 } as const;

/** A day (YYYY-MM-DD, a whole UTC day) or an exact instant with its offset. */
const dateBound = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const transactionListQuerySchema = z.object({
  search: z.string().trim().max(TRANSACTION_PAGE_LIMITS.searchChars).optional(),
  type: z.enum(TRANSACTION_TYPES).optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  /** Only this network's transactions (docs/product.md#transactions). */
  network: networkIdSchema.optional(),
  /** Only transfers of this asset, by symbol, on any network ("USDC"). */
  asset: z.enum(ASSET_SYMBOLS).optional(),
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
  type: z.enum(['transfer', 'mint']),
  asset: z.string(),
  symbol: z.string(),
  feeSymbol: z.string(),
  tokenAddress: z.string().optional(),
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
  /** Its value in US cents when sent (a chain fact priced at the time; no one's currency); null when not kept. */
  usdValueAtSendCents: unitsString.nullable(),
  timeline: z.array(timelineStepSchema),
  /** The signed transaction, to check its hash and signer independently (explorer.ts). */
  raw: rawTransactionSchema,
  /** Hashes this transaction replaced by a speed-up, oldest first: looking one up finds this transaction. */
  replacedHashes: z.array(z.string()),
});
export type ExplorerTransaction = z.infer<typeof explorerTransactionSchema>;

/** A faucet claim's answer: the wallet after it, the mint transaction of each asset, and when it may ask again. */
export const faucetResponseSchema = z.object({
  wallet: walletViewSchema,
  transactions: z.array(transactionViewSchema),
  nextClaimAt: z.iso.datetime(),
});
export type FaucetResponse = z.infer<typeof faucetResponseSchema>;

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
] as const satisfies readonly RealtimeEventName[];
export const REALTIME_PATH = '/socket.io';
