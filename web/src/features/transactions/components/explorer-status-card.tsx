import {
  type ExplorerTransaction,
  MAX_CONFIRMATIONS,
  confirmationProgressPercent,
  securityLevel,
  transactionStatusDisplay,
} from '@fincrypt/domain';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { STATUS_TEXT_CLASS, TransactionStatus } from './transaction-status.tsx';

/** Three dots bouncing in turn while the transaction waits for its block; they keep still for reduced motion. */
function PendingDots() {
  return (
    <span aria-hidden className="inline-flex items-end gap-1" data-testid="pending-dots">
      {[0, 150, 300].map((delayMs) => (
        <span
          key={delayMs}
          className="h-2 w-2 rounded-full bg-amber-500 animate-bounce-dot motion-reduce:animate-none"
          style={{ animationDelay: `${delayMs}ms` }}
        />
      ))}
    </span>
  );
}

function ConfirmationProgress({ confirmations }: { confirmations: number }) {
  const shown = Math.min(confirmations, MAX_CONFIRMATIONS);
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <span id="confirmations-label" className="font-medium">
          Confirmations
        </span>
        <span className="tabular-nums text-slate-600 dark:text-slate-300">
          {shown} / {MAX_CONFIRMATIONS}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="confirmations-label"
        aria-valuemin={0}
        aria-valuemax={MAX_CONFIRMATIONS}
        aria-valuenow={shown}
        aria-valuetext={`${shown} of ${MAX_CONFIRMATIONS} confirmations`}
        className="mt-2 h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className="h-full rounded-full bg-indigo-600 transition-[width] duration-500 dark:bg-indigo-400"
          style={{ width: `${confirmationProgressPercent(confirmations)}%` }}
        />
      </div>
    </div>
  );
}

/** The explorer's status card: the status (bouncing dots while pending), the security level and the confirmations bar. */
export function ExplorerStatusCard({ transaction }: { transaction: ExplorerTransaction }) {
  const isPending = transaction.status === 'pending';
  const { tone } = transactionStatusDisplay(transaction.status);
  return (
    <Card className="space-y-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className={cn('flex items-center gap-3 text-lg font-semibold', STATUS_TEXT_CLASS[tone])} data-testid="explorer-status">
          <TransactionStatus status={transaction.status} />
          {isPending && <PendingDots />}
        </p>
        <p className="text-sm">
          Security level: <span className="font-semibold" data-testid="security-level">{securityLevel(transaction.confirmations)}</span>
        </p>
      </div>
      <ConfirmationProgress confirmations={transaction.confirmations} />
    </Card>
  );
}
