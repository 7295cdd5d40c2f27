import {
  type ExplorerTransaction,
  MAX_CONFIRMATIONS,
  confirmationProgressPercent,
  formatDateTime,
  securityLevel,
  transactionStatusDisplay,
} from '@fincrypt/domain';
import { useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isNotFound, useExplorerTransaction } from '../../features/transactions/api/get-transaction.ts';
import { CopyableValue, FactRow, GasFee } from '../../features/transactions/components/transaction-facts.tsx';
import { TransactionNotFound } from '../../features/transactions/components/transaction-not-found.tsx';
import { STATUS_TEXT_CLASS, TransactionStatus } from '../../features/transactions/components/transaction-status.tsx';
import { cn } from '../../lib/cn.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

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

function ExplorerView({ transaction }: { transaction: ExplorerTransaction }) {
  const isPending = transaction.status === 'pending';
  const { tone } = transactionStatusDisplay(transaction.status);
  return (
    <div className="space-y-6">
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

      <Card className="px-4 py-2 sm:px-6">
        <dl className="divide-y divide-slate-200 dark:divide-slate-700">
          <FactRow label="Transaction Hash">
            <CopyableValue value={transaction.hash} label="Transaction hash" />
          </FactRow>
          <FactRow label="Network">{transaction.networkLabel}</FactRow>
          <FactRow label="Block">
            <span className="font-mono text-sm">{transaction.blockNumber === null ? 'Pending' : transaction.blockNumber.toLocaleString('en-US')}</span>
          </FactRow>
          <FactRow label="From">
            <span className="font-mono text-sm break-all">{transaction.from}</span>
          </FactRow>
          <FactRow label="To">
            <span className="font-mono text-sm break-all">{transaction.to}</span>
          </FactRow>
          <FactRow label="Value">
            <span className="font-semibold tabular-nums break-all">
              {transaction.value} {transaction.symbol}
            </span>
          </FactRow>
          <FactRow label="Transaction Fee">
            <GasFee
              network={transaction.network}
              symbol={transaction.symbol}
              gasUsed={transaction.gasUsed}
              effectiveGasPrice={transaction.effectiveGasPrice}
            />
          </FactRow>
          <FactRow label="Timestamp">
            <time dateTime={transaction.timestamp}>{formatDateTime(transaction.timestamp)}</time>
          </FactRow>
        </dl>
      </Card>
    </div>
  );
}

/** The public block-explorer view of any transaction, by hash; it follows the confirmations until 12. */
export default function ExplorerPage() {
  const { hash = '' } = useParams();
  const transaction = useExplorerTransaction(hash);
  const isMissing = transaction.isError && isNotFound(transaction.error);
  usePageTitle(isMissing ? 'Transaction Not Found' : 'Transaction Explorer');

  if (isMissing) return <TransactionNotFound hash={hash} />;

  return (
    <section className="mx-auto max-w-4xl space-y-6">
      <header>
        <p className="text-sm font-medium text-indigo-700 dark:text-indigo-300">FinCrypt Explorer</p>
        <h1 className="text-3xl font-bold">Transaction</h1>
      </header>
      {transaction.data ? (
        <ExplorerView transaction={transaction.data} />
      ) : transaction.isError ? (
        <Alert tone="error">Could not load this transaction. It will be tried again when you come back to this tab.</Alert>
      ) : (
        <div role="status">
          <span className="sr-only">Loading the transaction</span>
          <Skeleton className="h-80 rounded-xl" />
        </div>
      )}
    </section>
  );
}
