import { ArrowLeft, Printer } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import {
  TransactionNotFound,
  TransactionReceipt,
  explorerUrl,
  isNotFound,
  transactionPath,
  useTransaction,
} from '../../features/transactions/index.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/**
 * `/transaction/:hash/receipt`: the printable receipt of one of your transactions (the sender's or the recipient's;
 * anyone else's hash is not found, as on the detail page). "Print" opens the browser's dialog; the print stylesheet
 * leaves only the receipt on the page.
 */
export default function TransactionReceiptPage() {
  const { hash = '' } = useParams();
  const transaction = useTransaction(hash);
  const [issuedAt] = useState(() => new Date());
  const isMissing = transaction.isError && isNotFound(transaction.error);
  usePageTitle(isMissing ? 'Transaction Not Found' : 'Receipt');

  if (isMissing) return <TransactionNotFound hash={hash} />;

  return (
    <section className="mx-auto max-w-3xl space-y-6 print:max-w-none print:space-y-0">
      <div className="flex flex-wrap items-center justify-between gap-4 print:hidden">
        <Link
          to={transactionPath(hash)}
          className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          <ArrowLeft aria-hidden className="h-4 w-4" />
          Back to Transaction Details
        </Link>
        <Button size="sm" onClick={() => window.print()} disabled={!transaction.data}>
          <Printer aria-hidden className="h-4 w-4" />
          Print
        </Button>
      </div>
      {transaction.data ? (
        <TransactionReceipt transaction={transaction.data} explorerHref={explorerUrl(hash, window.location.origin)} issuedAt={issuedAt} />
      ) : transaction.isError ? (
        <Alert tone="error">
          <p>Could not load this receipt.</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void transaction.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <div role="status">
          <span className="sr-only">Loading the receipt</span>
          <Skeleton className="h-[40rem] rounded-xl" />
        </div>
      )}
    </section>
  );
}
