import type { TransactionCounts } from '@fincrypt/domain';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTransactionCounts } from '../api/get-transaction-counts.ts';
import { STATUS_TEXT_CLASS, TransactionStatus } from './transaction-status.tsx';

const TRANSACTION_COUNTS_HEADING = 'Totals for all your transactions';
const TRANSACTION_COUNTS_FILTERED_NOTE = 'These counts cover all your transactions; the list below shows only those matching the filters.';

const COUNTERS = [
  { key: 'pending', tone: 'warning' },
  { key: 'confirmed', tone: 'success' },
  { key: 'failed', tone: 'error' },
] as const satisfies readonly { key: keyof TransactionCounts; tone: keyof typeof STATUS_TEXT_CLASS }[];

/**
 * How many of all the user's transactions are Pending, Confirmed and Failed. The counts never follow the
 * filters, and say so: while a filter narrows the list, a line under them tells the two apart.
 */
export function TransactionCounters({ isFiltered = false }: { isFiltered?: boolean }) {
  const counts = useTransactionCounts();
  return (
    <section aria-labelledby="transaction-counts-heading" className="space-y-2">
      <h2 id="transaction-counts-heading" className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {TRANSACTION_COUNTS_HEADING}
      </h2>
      <ul aria-label="Transaction counts" className="grid grid-cols-3 gap-3">
        {COUNTERS.map(({ key, tone }) => (
          <li key={key}>
            <Card className="p-3 sm:p-4" data-testid={`count-${key}`}>
              <TransactionStatus status={key} className="text-sm" />
              {counts.data ? (
                <p className={cn('mt-1 text-2xl font-bold tabular-nums', STATUS_TEXT_CLASS[tone])}>{counts.data[key]}</p>
              ) : (
                <Skeleton className="mt-2 h-7 w-10" />
              )}
            </Card>
          </li>
        ))}
      </ul>
      {isFiltered && <p className="text-sm text-slate-600 dark:text-slate-400">{TRANSACTION_COUNTS_FILTERED_NOTE}</p>}
    </section>
  );
}
