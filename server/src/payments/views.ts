/**
 * Ledger rows as the API shows them: wallets, transactions (the owner's and the explorer's view) and fraud
 * alerts. The payments engine builds its answers and events with these; the HTTP modules' read queries use
 * the same ones, so a row looks the same whichever side shows it.
 */
import {
  BALANCE_DISPLAY_PLACES,
  feeExact,
  feeFromReceipt,
  formatAmount,
  formatAmountTrimmed,
  getNetwork,
  gweiDisplay,
  isNetworkId,
  type ExplorerTransaction,
  type FraudAlertView,
  type Network,
  type NetworkId,
  type TransactionView,
  type WalletView,
} from '@fincrypt/domain';
import type { fraudAlerts, transactions, wallets } from '../db/schema.ts';

export type WalletRow = typeof wallets.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type FraudAlertRow = typeof fraudAlerts.$inferSelect;

/** A network id read back from the database; an unknown one means the registry lost an entry. */
export function networkOf(id: string): Network {
  if (!isNetworkId(id)) throw new Error(`unknown network in the database: ${id}`);
  return getNetwork(id);
}

export function formatBalance(units: bigint, network: NetworkId): string {
  return formatAmount(units, getNetwork(network).decimals, BALANCE_DISPLAY_PLACES);
}

/** What the owner sees of a wallet: never its keys. */
export function toWalletView(row: Pick<WalletRow, 'id' | 'network' | 'address' | 'balance' | 'createdAt'>): WalletView {
  const network = networkOf(row.network);
  return {
    id: row.id,
    network: network.id,
    networkLabel: network.label,
    symbol: network.symbol,
    decimals: network.decimals,
    type: network.blockchainType,
    address: row.address,
    balance: formatBalance(row.balance, network.id),
    balanceUnits: row.balance.toString(),
    createdAt: row.createdAt.toISOString(),
  };
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

/** What every explorer shows; the fee is recomputed from the receipt (gasUsed × effectiveGasPrice). */
function chainFacts(row: ChainFields) {
  const network = networkOf(row.network);
  const feeUnits = feeFromReceipt(row.gasUsed, row.effectiveGasPrice, network.id);
  return {
    network,
    feeUnits,
    fee: feeExact(feeUnits, network.id),
    amount: formatAmountTrimmed(row.amount, network.decimals),
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
    symbol: facts.network.symbol,
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
  };
}

/** The public explorer's view: chain data only, nothing about who owns either address. */
export function toExplorerView(row: ChainFields): ExplorerTransaction {
  const facts = chainFacts(row);
  return {
    hash: row.hash,
    network: facts.network.id,
    networkLabel: facts.network.label,
    symbol: facts.network.symbol,
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
  };
}
