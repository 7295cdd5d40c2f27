import { type DisplayCurrency, NETWORKS, type TransactionView, feeRate, fiatMinorToText, transactionStatusDisplay } from '@fincrypt/domain';
import { type LivePrices, valueNow } from './fiat-values.ts';
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
  'Network Fee (Paid by Sender)',
  'Fee Currency',
  'Fee Rate',
  'Fee Rate Unit',
  'Token Address',
  'Hash',
  'Sender Value Then',
  'Sender Currency',
  'Recipient Value Then',
  'Recipient Currency',
  'USD Value Then',
  'Value Now',
  'Value Now Currency',
] as const;

/** What the Value Now columns are priced with: the live prices and the display currency at export time. */
export interface CsvPricing {
  prices: LivePrices;
  currency: DisplayCurrency;
}

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
 * The amount in the transaction's asset (Asset, and Currency: the symbol Amount is in); Fee, what this account paid
 * (0 on a receive or a faucet's mint: the sender paid it), and the transaction's network fee exactly as the API gives
 * it, in the network's coin (Fee Currency), with its rate in the network's own units, exact
 * (docs/product.md#money); a token transfer's contract or mint. Then its fiat values when sent, as kept (plain
 * decimals in each currency, codes in capitals; empty when none were kept), and its value now at the export's prices
 * (empty while they are unknown).
 */
function csvRow(transaction: TransactionView, pricing: CsvPricing | undefined): string[] {
  const rate = feeRate(transaction.network, transaction.gasUsed, transaction.effectiveGasPrice, 'exact');
  const kept = transaction.valueAtSend;
  const now = pricing ? valueNow(transaction, pricing.prices, pricing.currency) : undefined;
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
    transaction.type === 'send' ? transaction.fee : '0',
    transaction.fee,
    transaction.feeSymbol,
    rate.value,
    rate.unit,
    transaction.tokenAddress ?? '',
    transaction.hash,
    kept ? fiatMinorToText(BigInt(kept.senderMinor), kept.senderCurrency) : '',
    kept ? kept.senderCurrency.toUpperCase() : '',
    kept ? fiatMinorToText(BigInt(kept.recipientMinor), kept.recipientCurrency) : '',
    kept ? kept.recipientCurrency.toUpperCase() : '',
    kept ? fiatMinorToText(BigInt(kept.usdCents), 'usd') : '',
    now ? fiatMinorToText(now.minor, now.currency) : '',
    now ? now.currency.toUpperCase() : '',
  ];
}

/** The transactions as a CSV document: a header line, then one line per transaction, CRLF line ends. */
export function buildTransactionsCsv(transactions: readonly TransactionView[], pricing?: CsvPricing): string {
  const lines = [CSV_COLUMNS, ...transactions.map((transaction) => csvRow(transaction, pricing))].map((fields) => fields.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** "fincrypt-transactions-2026-11-21.csv" */
export function csvFileName(today: string): string {
  return `fincrypt-transactions-${today}.csv`;
}
