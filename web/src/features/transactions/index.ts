/** The transactions feature's public API: history, counters, filters, CSV export, detail facts and their live cache updates. */
export { useTransactionCounts } from './api/get-transaction-counts.ts';
export { isNotFound, useExplorerTransaction, useTransaction } from './api/get-transaction.ts';
export { useTransactionList } from './api/list-transactions.ts';
export { applyTransactionStatus, applyTransactionUpdate } from './api/transaction-cache.ts';
export { speedUpTransaction, useSpeedUp } from './api/speed-up.ts';
export { explorerKeys, hashKey, transactionKeys } from './api/transaction-keys.ts';
export { CostComparisonCard } from './components/cost-comparison-card.tsx';
export { ExplorerStatusCard } from './components/explorer-status-card.tsx';
export { SpeedUpCard, canSpeedUp } from './components/speed-up-card.tsx';
export { ExportCsvButton } from './components/export-csv-button.tsx';
export { RecentTransactions } from './components/recent-transactions.tsx';
export { TransactionCounters } from './components/transaction-counters.tsx';
export { NoTransactions, TransactionDayGroups } from './components/transaction-day-groups.tsx';
export { TransactionFactsCard } from './components/transaction-facts-card.tsx';
export { TransactionFilters } from './components/transaction-filters.tsx';
export { TransactionNotFound } from './components/transaction-not-found.tsx';
export { QuoteFactsCard } from './components/quote-facts.tsx';
export { TransactionReceipt } from './components/transaction-receipt.tsx';
export { TransactionTimeline } from './components/transaction-timeline.tsx';
export { ExplorerValueFacts, OwnValueFacts } from './components/value-facts.tsx';
export { receivedFiatText } from './fiat-values.ts';
export {
  type TransactionFilterValues,
  defaultFilters,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasActiveFilters,
  normalizeDateRange,
  toTransactionQuery,
  todayKey,
} from './filters.ts';
export { explorerPath, explorerUrl, receiptPath, transactionPath } from './paths.ts';
