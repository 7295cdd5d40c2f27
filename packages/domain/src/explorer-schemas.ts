import { z } from 'zod';
import { TRANSACTION_STATUSES } from './confirmations.ts';
import { API_ERRORS } from './errors.ts';
import { EXPLORER_LIMITS } from './explorer.ts';
import { GAS_SPEEDS } from './fees.ts';
import { networkIdSchema } from './networks-schemas.ts';

/** The public explorer's API shapes and queries, and the speed-up request (explorer.ts has the limits and the realtime channel). */

const unitsString = z.string().regex(/^\d+$/);
const decimalString = z.string().regex(/^\d+(\.\d+)?$/);

/** A transfer or a mint as a chain shows it, in a list (the feed, an address's or a block's transactions). */
export const explorerListItemSchema = z.object({
  hash: z.string(),
  network: networkIdSchema,
  type: z.enum(['transfer', 'mint']),
  /** The asset's symbol on its network ("ETH", "USDC"). */
  asset: z.string(),
  /** Whole units of the asset, exact. */
  amount: decimalString,
  amountUnits: unitsString,
  from: z.string(),
  to: z.string(),
  /** In the network's native coin, exact. */
  fee: decimalString,
  feeUnits: unitsString,
  feeSymbol: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  blockNumber: z.number().int().nullable(),
  timestamp: z.iso.datetime(),
});
export type ExplorerListItem = z.infer<typeof explorerListItemSchema>;

export const explorerPageSchema = z.object({
  items: z.array(explorerListItemSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ExplorerPage = z.infer<typeof explorerPageSchema>;

/** GET /api/explorer/transactions: the latest transactions, newest first. */
export const explorerLatestQuerySchema = z.object({
  network: networkIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(EXPLORER_LIMITS.latestMax).default(EXPLORER_LIMITS.latestDefault),
});

/** GET /api/explorer/address/:address and GET /api/explorer/block/:network/:number: one page of transactions. */
export const explorerPageQuerySchema = z.object({
  network: networkIdSchema.optional(),
  cursor: z.string().max(EXPLORER_LIMITS.cursorChars).optional(),
  limit: z.coerce.number().int().min(1).max(EXPLORER_LIMITS.pageMax).default(EXPLORER_LIMITS.pageDefault),
});

/** GET /api/explorer/search?q=: what a hash or an address names, on every network it is found on or valid for. */
const notHashOrAddress = API_ERRORS.VALIDATION_ERROR.messages.notHashOrAddress;
/** Missing, empty or longer than any hash or address: each gets the search box's one message. */
export const explorerSearchQuerySchema = z.object({
  q: z.string({ error: notHashOrAddress }).trim().min(1, notHashOrAddress).max(EXPLORER_LIMITS.queryChars, notHashOrAddress),
});
export const explorerSearchResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('transaction'), hash: z.string(), network: networkIdSchema }),
  /** An address valid on these networks (canonical form: EIP-55 or base58); its page shows what it holds and did. */
  z.object({ kind: z.literal('address'), address: z.string(), networks: z.array(networkIdSchema).min(1) }),
]);
export type ExplorerSearchResult = z.infer<typeof explorerSearchResultSchema>;

export const explorerAssetBalanceSchema = z.object({ asset: z.string(), balance: decimalString, balanceUnits: unitsString });

/** An address on one network: its balances when it is a wallet of these chains, null when it is outside them. */
export const explorerAddressNetworkSchema = z.object({
  network: networkIdSchema,
  networkLabel: z.string(),
  balances: z.array(explorerAssetBalanceSchema).nullable(),
  /** Exact up to EXPLORER_LIMITS.addressCountMax; past it a lower bound, with `isTransactionCountCapped`. */
  transactionCount: z.number().int(),
  /** True when the address has more transactions than were counted: show the count as "1,000+". */
  isTransactionCountCapped: z.boolean().optional(),
});

export const explorerAddressSchema = z.object({
  address: z.string(),
  /** Every network the address is valid on (both EVM networks for a 0x address). */
  networks: z.array(explorerAddressNetworkSchema),
  /** "Simulated · Amara Okafor, remitter in Lagos" for a demo network participant; null for everyone else. */
  label: z.string().nullable(),
  transactions: explorerPageSchema,
});
export type ExplorerAddress = z.infer<typeof explorerAddressSchema>;

/**
 * A real chain's block header as its node gave it (issue 49: Ethereum Sepolia and Polygon Amoy on a node), read by the
 * indexer into `blocks`. Gas figures and the base fee in their smallest units (gas, wei).
 */
export const explorerBlockHeaderSchema = z.object({
  hash: z.string(),
  parentHash: z.string(),
  gasLimit: unitsString,
  gasUsed: unitsString,
  /** Null on a chain without EIP-1559's base fee. */
  baseFeePerGas: unitsString.nullable(),
});
export type ExplorerBlockHeader = z.infer<typeof explorerBlockHeaderSchema>;

export const explorerBlockSummarySchema = z.object({
  network: networkIdSchema,
  number: z.number().int().positive(),
  timestamp: z.iso.datetime(),
  /**
   * Every transaction the block holds. On a simulated chain the block holds FinCrypt's transactions only; a real
   * chain's block counts everyone's (its transactions list shows FinCrypt's).
   */
  transactionCount: z.number().int(),
  totalFees: decimalString,
  totalFeesUnits: unitsString,
  feeSymbol: z.string(),
  /** A real chain's block: its hash, parent and gas figures. Absent on a simulated chain, which has none. */
  header: explorerBlockHeaderSchema.optional(),
});
export type ExplorerBlockSummary = z.infer<typeof explorerBlockSummarySchema>;

/** GET /api/explorer/block/:network/:number. A number at or below the head with nothing of ours is an empty block. */
export const explorerBlockSchema = explorerBlockSummarySchema.extend({
  networkLabel: z.string(),
  /** The chain's newest block number now: the page links the next block only up to it. */
  headNumber: z.number().int(),
  transactions: explorerPageSchema,
});
export type ExplorerBlock = z.infer<typeof explorerBlockSchema>;

/**
 * GET /api/explorer/blocks: the latest blocks, newest first, per network: on a real chain every block the indexer read
 * (empty ones too, consecutive numbers), on a simulated chain those that included something.
 */
export const explorerBlocksQuerySchema = z.object({
  network: networkIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(EXPLORER_LIMITS.blocksMax).default(EXPLORER_LIMITS.blocksDefault),
});
export const explorerBlockListSchema = z.object({ blocks: z.array(explorerBlockSummarySchema) });

/** GET /api/explorer/stats: each network's figures over the last minute. */
export const explorerNetworkStatsSchema = z.object({
  network: networkIdSchema,
  networkLabel: z.string(),
  /** Transactions per second over the last `statsWindowMs`, to 2 decimals. */
  tps: z.number().nonnegative(),
  /** The mean fee of the window's transfers, exact in the native coin; null when there were none. */
  averageFee: decimalString.nullable(),
  averageFeeUnits: unitsString.nullable(),
  feeSymbol: z.string(),
  /** Sent and not yet in a block. */
  pendingCount: z.number().int(),
  /** The newest block: on a real chain the newest one read from its node, on a simulated chain the clock's. */
  headNumber: z.number().int(),
});
export const explorerStatsSchema = z.object({ networks: z.array(explorerNetworkStatsSchema), windowSeconds: z.number().int() });
export type ExplorerStats = z.infer<typeof explorerStatsSchema>;

/** GET /api/explorer/labels: the demo network's simulated participants' addresses and their public labels. */
export const explorerLabelsSchema = z.object({
  labels: z.array(z.object({ network: networkIdSchema, address: z.string(), label: z.string() })),
});
export type ExplorerLabels = z.infer<typeof explorerLabelsSchema>;

/**
 * The signed transaction, so anyone can check its hash and its signer with any library.
 * - EVM: the serialized signed transaction (EIP-1559; legacy EIP-155 before issue 49), chain id included; keccak-256 of it is the hash.
 * - Solana: the signed message (base64) and its ed25519 signature (base58, which is the transaction id) by `signer`.
 * Null for a faucet mint (the test network's own issuance, which no key signs) and for rows written before
 * transactions kept it.
 */
export const rawTransactionSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('evm'), chainId: z.number().int(), serialized: z.string().regex(/^0x[0-9a-f]+$/) }),
    z.object({ kind: z.literal('solana'), message: z.string(), signature: z.string(), signer: z.string() }),
  ])
  .nullable();
export type RawTransaction = z.infer<typeof rawTransactionSchema>;

/**
 * A call to a token contract, decoded from an EVM transaction's signed bytes with the ERC-20 ABI (and the test USDC's
 * `mint`, which the treasury's grants call on a local chain): `transfer(to, amount)` on the USDC contract moves the
 * token from the signer to `to`; `mint(to, amount)` moves it from nowhere (the zero address).
 */
export const explorerContractCallSchema = z.object({
  /** The contract called (EIP-55). */
  contract: z.string(),
  /** The token's symbol when the contract is one of the registry's ("USDC"); null for another contract. */
  contractSymbol: z.string().nullable(),
  functionName: z.enum(['transfer', 'mint']),
  /** The function's signature: "transfer(address,uint256)". */
  signature: z.string(),
  /** The decoded arguments: the recipient (EIP-55) and the amount in the token's smallest units. */
  args: z.object({ to: z.string(), amountUnits: unitsString }),
  /** What the call moves: `amount` in whole tokens when the token is known (null otherwise), from → to. */
  tokenMoved: z.object({
    from: z.string(),
    to: z.string(),
    amount: decimalString.nullable(),
    amountUnits: unitsString,
    symbol: z.string().nullable(),
  }),
});
export type ExplorerContractCall = z.infer<typeof explorerContractCallSchema>;

/** An EVM transaction's own figures (Ethereum Sepolia and Polygon Amoy), from its signed bytes and its block's receipt. */
export const explorerEvmDetailsSchema = z.object({
  /** The sender's transaction count it was signed with: a replacement by a speed-up keeps its nonce. */
  nonce: z.number().int().nonnegative(),
  /** The most gas it may use (its signed gas limit); null when its signed bytes are not kept (money from outside). */
  gasLimit: unitsString.nullable(),
  /** EIP-1559's fee caps it was signed with, in wei; null for a legacy transaction or without signed bytes. */
  maxFeePerGas: unitsString.nullable(),
  maxPriorityFeePerGas: unitsString.nullable(),
  /** The gas it used, from its block's receipt: null until a block includes it. */
  gasUsed: unitsString.nullable(),
  /** Its call to a token contract, decoded; null for a plain coin transfer (or when no signed bytes are kept). */
  call: explorerContractCallSchema.nullable(),
});
export type ExplorerEvmDetails = z.infer<typeof explorerEvmDetailsSchema>;

/** A transaction a speed-up replaced: never included; the same transfer went on under another hash. */
export const explorerReplacedBySchema = z.object({
  /** The transaction that took its place (the next speed-up of the same transfer). */
  hash: z.string(),
  replacedAt: z.iso.datetime(),
  /** The transfer's hash now: `hash`, or a later speed-up's when `hash` was replaced in turn. */
  latestHash: z.string(),
});
export type ExplorerReplacedBy = z.infer<typeof explorerReplacedBySchema>;

/**
 * POST /api/transactions/:hash/speed-up. `feeQuoteId` (optional) is the faster speed's fee quote of `GET /api/fees` that
 * the page showed: while fresh, its gas price is the market price the replacement is priced at, so the extra fee shown is
 * the one charged (as a send's `feeQuoteId`); without it, the price of the moment.
 */
export const speedUpRequestSchema = z.object({
  speed: z.enum(GAS_SPEEDS),
  feeQuoteId: z.string().trim().min(1).max(128).optional(),
});
export type SpeedUpRequest = z.infer<typeof speedUpRequestSchema>;
