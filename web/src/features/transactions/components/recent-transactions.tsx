import { FIRST_SCREEN_LIMITS } from '@fincrypt/domain';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDeferredAnswer } from '../../../lib/use-deferred-answer.ts';
import { useTransactionList } from '../api/list-transactions.ts';
import { NoTransactions } from './transaction-day-groups.tsx';
import { TransactionRow } from './transaction-row.tsx';

/** The dashboard shows this many of the newest transactions (the server preloads that list for it). */
export const RECENT_TRANSACTIONS = FIRST_SCREEN_LIMITS.dashboardTransactions;

const NO_FILTERS = {};

/** 'Recent Transactions': the latest five, with 'View all' to the full list. */
export function RecentTransactions() {
  const list = useTransactionList(NO_FILTERS, RECENT_TRANSACTIONS);
  // The rows render in slices once the answer is in (the skeleton showing till then).
  const answer = useDeferredAnswer(list);
  const transactions = answer.data?.pages[0]?.items ?? [];
  return (
    <Card className="p-4 sm:p-6" role="region" aria-labelledby="recent-transactions-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="recent-transactions-heading" className="text-lg font-semibold">
          Recent Transactions
        </h2>
        <Link to="/transactions" className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          View all
        </Link>
      </div>
      <div className="mt-2">
        {answer.isWaiting ? (
          <div role="status" className="space-y-2">
            <span className="sr-only">Loading transactions</span>
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : !answer.data ? (
          <Alert tone="error">Could not load your transactions.</Alert>
        ) : transactions.length === 0 ? (
          <NoTransactions isFiltered={false} />
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {transactions.map((transaction) => (
              <li key={`${transaction.hash}:${transaction.type}`}>
                <TransactionRow transaction={transaction} timeFormat="dateTime" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
