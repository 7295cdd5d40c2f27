import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.tsx';

/** 'Transaction Not Found', shared by the detail page and the public explorer (which set the page title). */
export function TransactionNotFound({ hash }: { hash: string }) {
  return (
    <section className="mx-auto max-w-xl py-12 text-center">
      <SearchX aria-hidden className="mx-auto h-12 w-12 text-slate-400" />
      <h1 className="mt-4 text-2xl font-bold">Transaction Not Found</h1>
      <p className="mt-2 text-slate-600 break-all dark:text-slate-300">
        No transaction with the hash <span className="font-mono">{hash}</span> was found.
      </p>
      <Link to="/transactions" className={buttonClassName({ variant: 'outline', className: 'mt-6' })}>
        <ArrowLeft aria-hidden className="h-4 w-4" />
        Back to Transactions
      </Link>
    </section>
  );
}
