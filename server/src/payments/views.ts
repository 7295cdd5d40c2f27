/**
 * Ledger rows as the API shows them: wallets, transactions (the owner's and the explorer's view) and fraud
 * alerts. The payments engine builds its answers and events with these; the HTTP modules' read queries use
 * the same ones, so a row looks the same whichever side shows it.
 */
import {
  buildTimeline,
  FAUCET_COOLDOWN_MS,
  isDisplayCurrency,
  PRICE_FEED_SOURCES,
  type PriceFeedSource,
  type TimelineReplacement,
  type TimelineStep,
  type ValueAtSend,
  feeExact,
  feeFromReceipt,
  formatAmount,
  formatAmountTrimmed,
  getNetwork,
  getAsset,
  gweiDisplay,
  isNetworkId,
  listAssets,
  nativeAsset,
  type AssetBalanceView,
  type ExplorerBlockHeader,
  type ExplorerBlockSummary,
  type ExplorerListItem,
  type RawTransaction,
  type ExplorerTransaction,
  type FraudAlertView,
  type Network,
  type NetworkId,
  type RealtimeEvents,
  type TransactionView,
  type WalletView,
} from '@fincrypt/domain';
import { decodeSolanaWireTransaction } from '../chain/signing.ts';
import { base58, base64 } from '@scure/base';
import { parseTransaction } from 'viem';
import type { blocks, fraudAlerts, transactions, walletBalances, wallets } from '../db/schema.ts';

export type WalletRow = typeof wallets.$inferSelect;
export type WalletBalanceRow = typeof walletBalances.$inferSelect;
/** A wallet's balance of each asset, by symbol; an asset without a row holds 0. */
export type Balances = Readonly<Record<string, bigint>>;
export type TransactionRow = typeof transactions.$inferSelect;
export type FraudAlertRow = typeof fraudAlerts.$inferSelect;

/** A network id read back from the database; an unknown one means the registry lost an entry. */
export function networkOf(id: string): Network {
  if (!isNetworkId(id)) throw new Error(`unknown network in the database: ${id}`);
  return getNetwork(id);
}

/** The native coin's balance as wallets show it: 4 decimals, cut. */
export function formatBalance(units: bigint, network: NetworkId): string {
  return formatAmount(units, nativeAsset(network).decimals, nativeAsset(network).displayPlaces);
}

/** Every asset of the network with the wallet's balance of it (and what is on its way in), the native coin first. */
export function toBalanceViews(network: NetworkId, balances: Balances, incoming: Balances = {}): AssetBalanceView[] {
  return listAssets(network).map((asset) => {
    const units = balances[asset.symbol] ?? 0n;
    const incomingUnits = incoming[asset.symbol] ?? 0n;
    return {
      asset: asset.symbol,
      symbol: asset.symbol,
      name: asset.name,
      decimals: asset.decimals,
      kind: asset.kind,
      ...(asset.standard === undefined ? {} : { standard: asset.standard }),
      ...(asset.address === undefined ? {} : { contractAddress: asset.address }),
      balance: formatAmount(units, asset.decimals, asset.displayPlaces),
      balanceUnits: units.toString(),
      ...(incomingUnits === 0n ? {} : { incoming: formatAmount(incomingUnits, asset.decimals, asset.displayPlaces), incomingUnits: incomingUnits.toString() }),
    };
  });
}

/** Balance rows (of any wallets) grouped by wallet id. */
export function balancesByWallet(rows: readonly Pick<WalletBalanceRow, 'walletId' | 'asset' | 'balance'>[]): Map<string, Record<string, bigint>> {
  const byWallet = new Map<string, Record<string, bigint>>();
  for (const row of rows) {
    const balances = byWallet.get(row.walletId) ?? {};
    balances[row.asset] = row.balance;
    byWallet.set(row.walletId, balances);
  }
  return byWallet;
}

/** When the faucet may next be asked for this wallet's test funds; null when it may be now. */
export function nextFaucetAt(faucetClaimedAt: Date | null, nowMs = Date.now()): string | null {
  if (faucetClaimedAt === null) return null;
  const next = faucetClaimedAt.getTime() + FAUCET_COOLDOWN_MS;
  return next > nowMs ? new Date(next).toISOString() : null;
}

export type WalletViewRow = Pick<WalletRow, 'id' | 'network' | 'address' | 'createdAt' | 'faucetClaimedAt'>;

/** What the owner sees of a wallet: never its keys. */
export function toWalletView(row: WalletViewRow, balances: Balances, incoming: Balances = {}): WalletView {
  const network = networkOf(row.network);
  const native = balances[network.symbol] ?? 0n;
  return {
    id: row.id,
    network: network.id,
    networkLabel: network.label,
    symbol: network.symbol,
    decimals: network.decimals,
    type: network.blockchainType,
    address: row.address,
    balance: formatBalance(native, network.id),
    balanceUnits: native.toString(),
    balances: toBalanceViews(network.id, balances, incoming),
    nextFaucetAt: nextFaucetAt(row.faucetClaimedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The `balance_update` event for a wallet whose `asset` balance moved. */
export function balanceUpdateOf(wallet: WalletView, asset: string): RealtimeEvents['balance_update'] {
  return { walletId: wallet.id, network: wallet.network, asset, newBalance: wallet.balance, newBalanceUnits: wallet.balanceUnits, balances: wallet.balances };
}

export function toAlertView(row: FraudAlertRow, transactionHash: string): FraudAlertView {
  return {
    id: row.id,
    transactionId: row.transactionId,
    transactionHash,
    riskLevel: row.riskLevel,
    reason: row.reason,
    timestamp: row.createdAt.toISOString(),
  };
}

type ChainFields = Pick<
  TransactionRow,
  | 'hash'
  | 'type'
  | 'asset'
  | 'network'
  | 'fromAddress'
  | 'toAddress'
  | 'amount'
  | 'gasUsed'
  | 'effectiveGasPrice'
  | 'status'
  | 'confirmations'
  | 'blockNumber'
  | 'createdAt'
>;

/** What every explorer shows; the fee (in the native coin) is recomputed from the receipt (gasUsed × effectiveGasPrice). */
function chainFacts(row: ChainFields) {
  const network = networkOf(row.network);
  const asset = getAsset(network.id, row.asset);
  const feeUnits = feeFromReceipt(row.gasUsed, row.effectiveGasPrice, network.id);
  return {
    network,
    asset: asset.symbol,
    feeSymbol: network.symbol,
    ...(asset.address === undefined ? {} : { tokenAddress: asset.address }),
    feeUnits,
    fee: feeExact(feeUnits, network.id),
    amount: formatAmountTrimmed(row.amount, asset.decimals),
    gasUsed: row.gasUsed.toString(),
    effectiveGasPrice: row.effectiveGasPrice.toString(),
    gasPriceGwei: gweiDisplay(row.effectiveGasPrice),
    timestamp: row.createdAt.toISOString(),
  };
}

export function toTransactionView(row: TransactionRow): TransactionView {
  const facts = chainFacts(row);
  return {
    id: row.id,
    hash: row.hash,
    network: facts.network.id,
    asset: facts.asset,
    symbol: facts.asset,
    feeSymbol: facts.feeSymbol,
    ...(facts.tokenAddress === undefined ? {} : { tokenAddress: facts.tokenAddress }),
    type: row.type,
    walletId: row.walletId,
    fromAddress: row.fromAddress,
    toAddress: row.toAddress,
    amount: facts.amount,
    amountUnits: row.amount.toString(),
    fee: facts.fee,
    feeUnits: facts.feeUnits.toString(),
    gasUsed: facts.gasUsed,
    effectiveGasPrice: facts.effectiveGasPrice,
    gasPriceGwei: facts.gasPriceGwei,
    speed: row.speed,
    status: row.status,
    confirmations: row.confirmations,
    blockNumber: row.blockNumber,
    timestamp: facts.timestamp,
    quoteId: row.quoteId,
    valueAtSend: valueAtSendOf(row),
    ...(row.failureReason === null ? {} : { failureReason: row.failureReason }),
  };
}

const isPriceFeedSource = (value: unknown): value is PriceFeedSource =>
  typeof value === 'string' && (PRICE_FEED_SOURCES as readonly string[]).includes(value);

type ValueFields = Pick<
  TransactionRow,
  'senderCurrency' | 'senderValueMinor' | 'recipientCurrency' | 'recipientValueMinor' | 'usdValueCents' | 'valueSource'
>;

/** The columns of a row that honoured no quote and kept no fiat value (a mint). */
export const WITHOUT_QUOTE_OR_VALUE = {
  quoteId: null,
  senderCurrency: null,
  senderValueMinor: null,
  recipientCurrency: null,
  recipientValueMinor: null,
  usdValueCents: null,
  valueSource: null,
  paymentReference: null,
  rawTransaction: null,
  failureReason: null,
  isForeign: false,
  isOnChain: false,
  isBooked: false,
} as const satisfies Partial<TransactionRow>;

/** The fiat values a row kept when it was sent; null when it kept none (mints, rows from before migration 0004). */
export function valueAtSendOf(row: ValueFields): ValueAtSend | null {
  const { senderCurrency, recipientCurrency, senderValueMinor, recipientValueMinor, usdValueCents, valueSource } = row;
  if (!isDisplayCurrency(senderCurrency) || !isDisplayCurrency(recipientCurrency) || !isPriceFeedSource(valueSource)) return null;
  if (senderValueMinor === null || recipientValueMinor === null || usdValueCents === null) return null;
  return {
    senderCurrency,
    senderMinor: senderValueMinor.toString(),
    recipientCurrency,
    recipientMinor: recipientValueMinor.toString(),
    usdCents: usdValueCents.toString(),
    source: valueSource,
  };
}

type TimelineFields = Pick<TransactionRow, 'createdAt' | 'includeAt' | 'speed' | 'status' | 'confirmations' | 'blockNumber'>;

/**
 * A row's steps (packages/domain/src/timeline.ts); `quotedAt` is its quote's creation, when it honoured one, and
 * `replacements` the transactions a speed-up replaced with it.
 */
export function timelineOf(
  row: TimelineFields,
  timeScale: number,
  quotedAt: Date | null = null,
  replacements: readonly TimelineReplacement[] = [],
): TimelineStep[] {
  return buildTimeline({
    replacements,
    quotedAt,
    createdAt: row.createdAt,
    includeAt: row.includeAt,
    speed: row.speed,
    status: row.status,
    confirmations: row.confirmations,
    blockNumber: row.blockNumber,
    timeScale,
  });
}

/** A transfer or a mint in the explorer's lists and on its public channel: chain data only. */
export function toExplorerListItem(row: ChainFields & Pick<TransactionRow, 'status' | 'blockNumber'>): ExplorerListItem {
  const facts = chainFacts(row);
  return {
    hash: row.hash,
    network: facts.network.id,
    type: row.type === 'mint' ? 'mint' : 'transfer',
    asset: facts.asset,
    amount: facts.amount,
    amountUnits: row.amount.toString(),
    from: row.fromAddress,
    to: row.toAddress,
    fee: facts.fee,
    feeUnits: facts.feeUnits.toString(),
    feeSymbol: facts.feeSymbol,
    status: row.status,
    blockNumber: row.blockNumber,
    timestamp: facts.timestamp,
  };
}

/**
 * The public explorer's view: chain data only, nothing about who owns either address, and of the values kept at
 * send time only the US-dollar one (the parties' currencies are theirs).
 */
export function toExplorerView(
  row: ChainFields & TimelineFields & Pick<TransactionRow, 'usdValueCents' | 'rawTransaction'>,
  timeScale: number,
  quotedAt: Date | null = null,
  replacements: readonly TimelineReplacement[] = [],
): ExplorerTransaction {
  const facts = chainFacts(row);
  return {
    hash: row.hash,
    network: facts.network.id,
    networkLabel: facts.network.label,
    type: row.type === 'mint' ? 'mint' : 'transfer',
    asset: facts.asset,
    symbol: facts.asset,
    feeSymbol: facts.feeSymbol,
    ...(facts.tokenAddress === undefined ? {} : { tokenAddress: facts.tokenAddress }),
    from: row.fromAddress,
    to: row.toAddress,
    value: facts.amount,
    valueUnits: row.amount.toString(),
    fee: facts.fee,
    feeUnits: facts.feeUnits.toString(),
    gasUsed: facts.gasUsed,
    effectiveGasPrice: facts.effectiveGasPrice,
    gasPriceGwei: facts.gasPriceGwei,
    status: row.status,
    confirmations: row.confirmations,
    blockNumber: row.blockNumber,
    timestamp: facts.timestamp,
    usdValueAtSendCents: row.usdValueCents === null ? null : row.usdValueCents.toString(),
    timeline: timelineOf(row, timeScale, quotedAt, replacements),
    raw: rawTransactionOf(row),
    replacedHashes: replacements.map((replaced) => replaced.hash),
  };
}

/**
 * The stored signed transaction (transactions.raw_transaction) as the explorer shows it: EVM, the serialized
 * transaction with the chain id it was signed for; Solana, the signed message, its signature (base58: the transaction id)
 * and the signer (the sender's address, its public key). Null for mints and rows written before it was kept.
 */
export function rawTransactionOf(row: Pick<TransactionRow, 'network' | 'fromAddress' | 'rawTransaction'>): RawTransaction {
  if (row.rawTransaction === null) return null;
  const network = networkOf(row.network);
  if (network.family === 'evm') {
    // The chain id it was signed for: a payment made on Polygon Mumbai (80001) stays signed for Mumbai on Amoy.
    const serialized = row.rawTransaction.toLowerCase() as `0x${string}`;
    return { kind: 'evm', chainId: parseTransaction(serialized).chainId ?? network.chainId, serialized };
  }
  const { message, signature } = decodeSolanaWireTransaction(row.rawTransaction);
  return { kind: 'solana', message: base64.encode(message), signature: base58.encode(signature), signer: row.fromAddress };
}

export type BlockRow = typeof blocks.$inferSelect;

/** A block's header as the indexer stored it; undefined for a simulated chain's block, which has none. */
export function blockHeaderOf(row: BlockRow): ExplorerBlockHeader | undefined {
  if (row.hash === null || row.parentHash === null || row.gasLimit === null || row.gasUsed === null) return undefined;
  return {
    hash: row.hash,
    parentHash: row.parentHash,
    gasLimit: row.gasLimit.toString(),
    gasUsed: row.gasUsed.toString(),
    baseFeePerGas: row.baseFeePerGas === null ? null : row.baseFeePerGas.toString(),
  };
}

/** A block's summary for the explorer's lists, pages and public channel; a real chain's carries its header. */
export function toExplorerBlockSummary(row: BlockRow): ExplorerBlockSummary {
  const network = networkOf(row.network);
  const header = blockHeaderOf(row);
  return {
    network: network.id,
    number: row.number,
    timestamp: row.producedAt.toISOString(),
    transactionCount: row.transactionCount,
    totalFees: feeExact(row.totalFees, network.id),
    totalFeesUnits: row.totalFees.toString(),
    feeSymbol: network.symbol,
    ...(header === undefined ? {} : { header }),
  };
}
