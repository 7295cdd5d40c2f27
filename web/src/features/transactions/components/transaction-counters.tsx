import type { TransactionCounts } from '@fincrypt/domain';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTransactionCounts } from '../api/get-transaction-counts.ts';
import { STATUS_TEXT_CLASS, TransactionStatus } from './transaction-status.tsx';

const COUNTERS = [
  { key: 'pending', tone: 'warning' },
  { key: 'confirmed', tone: 'success' },
  { key: 'failed', tone: 'error' },
] as const satisfies readonly { key: keyof TransactionCounts; tone: keyof typeof STATUS_TEXT_CLASS }[];

/** How many transactions are Pending, Confirmed and Failed. */
export function TransactionCounters() {
  const counts = useTransactionCounts();
  return (
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
  );
}
