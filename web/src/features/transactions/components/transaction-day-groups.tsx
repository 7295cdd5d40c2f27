import { type TransactionView, groupByDay } from '@fincrypt/domain';
import { TransactionRow } from './transaction-row.tsx';

/** Transactions (newest first) under a heading per day: 'Today', 'Yesterday', then dates. */
export function TransactionDayGroups({ transactions, now }: { transactions: readonly TransactionView[]; now: Date }) {
  const groups = groupByDay(transactions, (transaction) => transaction.timestamp, now);
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`day-${group.key}`} data-testid="transaction-day">
          <h2 id={`day-${group.key}`} className="px-3 text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
            {group.label}
          </h2>
          <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
            {group.items.map((transaction) => (
              <li key={`${transaction.hash}:${transaction.type}`}>
                <TransactionRow transaction={transaction} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** 'No transactions found', with a hint that depends on whether filters are narrowing the list. */
export function NoTransactions({ isFiltered }: { isFiltered: boolean }) {
  return (
    <div className="py-10 text-center">
      <p className="font-medium text-slate-800 dark:text-slate-100">No transactions found</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {isFiltered ? 'Try adjusting your filters or clear them to see all transactions' : 'Your transactions will appear here'}
      </p>
    </div>
  );
}
