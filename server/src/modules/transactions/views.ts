import {
  feeDisplay8,
  feeFromReceipt,
  formatAmountTrimmed,
  gweiDisplay,
  type ExplorerTransaction,
  type TransactionView,
} from '@fincrypt/domain';
import type { transactions } from '../../db/schema.ts';
import { networkOf } from '../wallets/views.ts';

export type TransactionRow = typeof transactions.$inferSelect;

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
    fee: feeDisplay8(feeUnits, network.id),
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
