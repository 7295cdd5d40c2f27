import { ArrowLeft, ExternalLink, Receipt } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClassName } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import {
  CostComparisonCard,
  OwnValueFacts,
  QuoteFactsCard,
  SpeedUpCard,
  TransactionFactsCard,
  TransactionNotFound,
  TransactionTimeline,
  explorerPath,
  hashKey,
  isNotFound,
  receiptPath,
  transactionPath,
  useTransaction,
} from '../../features/transactions/index.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

export default function TransactionDetailPage() {
  const { hash = '' } = useParams();
  const transaction = useTransaction(hash);
  const isMissing = transaction.isError && isNotFound(transaction.error);
  usePageTitle(isMissing ? 'Transaction Not Found' : 'Transaction Details');
  const navigate = useNavigate();
  const currentHash = transaction.data?.hash;
  // An old hash a speed-up replaced finds the transaction that replaced it: the address follows to its hash.
  useEffect(() => {
    if (currentHash !== undefined && hashKey(currentHash) !== hashKey(hash)) void navigate(transactionPath(currentHash), { replace: true });
  }, [currentHash, hash, navigate]);

  if (isMissing) return <TransactionNotFound hash={hash} />;

  return (
    <section className="mx-auto max-w-4xl space-y-6">
      <Link to="/transactions" className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        Back to Transactions
      </Link>
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Transaction Details</h1>
        <div className="flex flex-wrap gap-2">
          <Link to={receiptPath(hash)} className={buttonClassName({ variant: 'outline', size: 'sm' })}>
            <Receipt aria-hidden className="h-4 w-4" />
            Receipt
          </Link>
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
        </div>
      </header>

      {transaction.data ? (
        <>
          <TransactionFactsCard
            variant="detail"
            transaction={transaction.data}
            valueFacts={<OwnValueFacts transaction={transaction.data} />}
          />
          {/* Until the server has built it (an older server answers without one), there is no timeline to show. */}
          <SpeedUpCard transaction={transaction.data} onSpedUp={(newHash) => void navigate(transactionPath(newHash), { replace: true })} />
          {transaction.data.timeline && <TransactionTimeline steps={transaction.data.timeline} />}
          {transaction.data.quote && <QuoteFactsCard quote={transaction.data.quote} />}
          <CostComparisonCard transaction={transaction.data} />
        </>
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
