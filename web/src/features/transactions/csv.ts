import { NETWORKS, type TransactionView, feeRate, transactionStatusDisplay } from '@fincrypt/domain';
import { transactionKindLabel } from './labels.ts';

export const CSV_COLUMNS = [
  'Date',
  'Type',
  'Network',
  'Asset',
  'Amount',
  'Currency',
  'From',
  'To',
  'Status',
  'Confirmations',
  'Block',
  'Fee',
  'Fee Currency',
  'Fee Rate',
  'Fee Rate Unit',
  'Token Address',
  'Hash',
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A field that
 * a spreadsheet would run as a formula (starting with = + - @ or a tab/return) gets a leading apostrophe.
 */
export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The amount in the transaction's asset (Asset, and Currency: the symbol Amount is in); the fee exactly as the
 * API gives it, in the network's coin (Fee Currency), and its rate in the network's own units, exact
 * (docs/product.md#money); a token transfer's contract or mint.
 */
function csvRow(transaction: TransactionView): string[] {
  const rate = feeRate(transaction.network, transaction.gasUsed, transaction.effectiveGasPrice, 'exact');
  return [
    transaction.timestamp,
    transactionKindLabel(transaction.type),
    NETWORKS[transaction.network]?.label ?? transaction.network,
    transaction.asset,
    transaction.amount,
    transaction.symbol,
    transaction.fromAddress,
    transaction.toAddress,
    transactionStatusDisplay(transaction.status).label,
    String(transaction.confirmations),
    transaction.blockNumber === null ? '' : String(transaction.blockNumber),
    transaction.fee,
    transaction.feeSymbol,
    rate.value,
    rate.unit,
    transaction.tokenAddress ?? '',
    transaction.hash,
  ];
}

/** The transactions as a CSV document: a header line, then one line per transaction, CRLF line ends. */
export function buildTransactionsCsv(transactions: readonly TransactionView[]): string {
  const lines = [CSV_COLUMNS, ...transactions.map(csvRow)].map((fields) => fields.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** "fincrypt-transactions-2026-11-21.csv" */
export function csvFileName(today: string): string {
  return `fincrypt-transactions-${today}.csv`;
}
