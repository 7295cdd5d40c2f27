import { z } from 'zod';
import { ASSET_SYMBOLS } from './assets.ts';
import { assetSymbolSchema } from './assets-schemas.ts';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from './confirmations.ts';
import { explorerEvmDetailsSchema, explorerReplacedBySchema, rawTransactionSchema } from './explorer-schemas.ts';
import { GAS_SPEEDS } from './fees.ts';
import { fraudAlertViewSchema } from './fraud-schemas.ts';
import { TRANSACTION_PAGE_LIMITS } from './ledger-api.ts';
import { WALLET_MESSAGES } from './ledger-messages.ts';
import { PRICE_FEED_SOURCES } from './market-api.ts';
import { networkIdSchema } from './networks-schemas.ts';
import { paymentQuoteSchema, valueAtSendSchema } from './quote-api-schemas.ts';
import { timelineStepSchema } from './timeline-schemas.ts';

/** The wallets, fees, transactions, alerts and risk API's shapes and queries (ledger-api.ts has their messages and limits). */

export const connectWalletSchema = z.object({ network: networkIdSchema });
export type ConnectWalletInput = z.infer<typeof connectWalletSchema>;

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
  /**
   * On a real chain: what is on its way in (a payment or a grant no block has included yet), apart from the balance,
   * which counts it only once a block does. Left out when nothing is.
   */
  incoming: decimalString.optional(),
  incomingUnits: unitsString.optional(),
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
  /** On a real chain, why a failed transaction failed: reverted by the chain, or dropped by the node (its words). */
  failureReason: z.string().optional(),
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
  /** Hashes this transaction replaced by a speed-up, oldest first: each has its own page, which links here. */
  replacedHashes: z.array(z.string()),
  /** Ethereum Sepolia and Polygon Amoy: its nonce, gas and decoded token call. Absent on Solana. */
  evm: explorerEvmDetailsSchema.optional(),
  /**
   * Why it failed: reverted in its block or dropped, in the node's words (a real chain), or replaced by a speed-up; null
   * when it did not fail or no reason was given. (Named apart from `reason`, which public answers never carry: a fraud alert's.)
   */
  failure: z.string().nullable().optional(),
  /**
   * Present when a speed-up replaced this transaction: it was never included (status `failed`, fee 0) and the same
   * transfer went on as `replacedBy.hash`. Its signed bytes were not kept (`raw` null).
   */
  replacedBy: explorerReplacedBySchema.optional(),
});
export type ExplorerTransaction = z.infer<typeof explorerTransactionSchema>;

/** A faucet claim's answer: the wallet after it, the mint transaction of each asset, and when it may ask again. */
export const faucetResponseSchema = z.object({
  wallet: walletViewSchema,
  transactions: z.array(transactionViewSchema),
  nextClaimAt: z.iso.datetime(),
});
export type FaucetResponse = z.infer<typeof faucetResponseSchema>;
