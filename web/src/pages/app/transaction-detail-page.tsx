import { NETWORKS, type TransactionView, confirmationsLabel, formatDateTime, transactionTypeLabel } from '@fincrypt/domain';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClassName } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isNotFound, useTransaction } from '../../features/transactions/api/get-transaction.ts';
import { BlockNumber, CopyableValue, FactRow, GasFee } from '../../features/transactions/components/transaction-facts.tsx';
import { TransactionNotFound } from '../../features/transactions/components/transaction-not-found.tsx';
import { TransactionStatus } from '../../features/transactions/components/transaction-status.tsx';
import { explorerPath } from '../../features/transactions/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

function TransactionDetails({ transaction }: { transaction: TransactionView }) {
  const networkLabel = NETWORKS[transaction.network]?.label ?? transaction.network;
  return (
    <Card className="px-4 py-2 sm:px-6">
      <dl className="divide-y divide-slate-200 dark:divide-slate-700">
        <FactRow label="Status">
          <span className="flex flex-wrap items-center gap-2">
            <TransactionStatus status={transaction.status} variant="badge" />
            {transaction.confirmations > 0 && (
              <span className="text-sm text-slate-600 dark:text-slate-300">{confirmationsLabel(transaction.confirmations)}</span>
            )}
          </span>
        </FactRow>
        <FactRow label="Transaction Hash">
          <CopyableValue value={transaction.hash} label="Transaction hash" />
        </FactRow>
        <FactRow label="Type">{transactionTypeLabel(transaction.type)}</FactRow>
        <FactRow label="Network">{networkLabel}</FactRow>
        <FactRow label="Block Number">
          <BlockNumber blockNumber={transaction.blockNumber} confirmations={transaction.confirmations} />
        </FactRow>
        <FactRow label="From">
          <CopyableValue value={transaction.fromAddress} label="From address" />
        </FactRow>
        <FactRow label="To">
          <CopyableValue value={transaction.toAddress} label="To address" />
        </FactRow>
        <FactRow label="Value">
          <span className="font-semibold tabular-nums break-all">
            {transaction.amount} {transaction.symbol}
          </span>
        </FactRow>
        <FactRow label="Gas Fee">
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
  );
}

export default function TransactionDetailPage() {
  const { hash = '' } = useParams();
  const transaction = useTransaction(hash);
  const isMissing = transaction.isError && isNotFound(transaction.error);
  usePageTitle(isMissing ? 'Transaction Not Found' : 'Transaction Details');

  if (isMissing) return <TransactionNotFound hash={hash} />;

  return (
    <section className="mx-auto max-w-4xl space-y-6">
      <Link to="/transactions" className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        Back to Transactions
      </Link>
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Transaction Details</h1>
        <Link
          to={explorerPath(hash)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName({ variant: 'outline', size: 'sm' })}
          aria-label="View in Explorer (opens in a new tab)"
        >
          <ExternalLink aria-hidden className="h-4 w-4" />
          View in Explorer
        </Link>
      </header>

      {transaction.data ? (
        <TransactionDetails transaction={transaction.data} />
      ) : transaction.isError ? (
        <Alert tone="error">
          <p>Could not load this transaction.</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void transaction.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <div role="status" className="space-y-3">
          <span className="sr-only">Loading the transaction</span>
          <Skeleton className="h-96 rounded-xl" />
        </div>
      )}
    </section>
  );
}
