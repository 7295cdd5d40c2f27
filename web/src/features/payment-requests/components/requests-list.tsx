import { type PaymentRequestView, formatDateTime } from '@fincrypt/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { usePaymentRequests } from '../api/get-payment-requests.ts';
import { STATUS_LABELS, askedHeadline, assetSideText, networkLabelOf } from '../request-figures.ts';
import { CancelRequestButton } from './cancel-request-dialog.tsx';
import { RequestShare } from './request-share.tsx';

const STATUS_CLASSES: Record<PaymentRequestView['status'], string> = {
  open: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100',
  paid: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  expired: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  cancelled: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

export function RequestStatusBadge({ status }: { status: PaymentRequestView['status'] }) {
  return <span className={cn('rounded px-2 py-0.5 text-xs font-semibold', STATUS_CLASSES[status])}>{STATUS_LABELS[status]}</span>;
}

/** The Receive tab's list of the user's requests: open (show the code, cancel), paid (with its transaction), expired, cancelled. */
export function RequestsList() {
  const requests = usePaymentRequests();
  const [shownId, setShownId] = useState<string>();

  if (requests.isPending) return <p className="text-sm text-slate-600 dark:text-slate-400">Loading your requests…</p>;
  if (requests.isError) {
    return (
      <Alert tone="error">
        <p>{`Could not load your requests: ${requests.error.message}`}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void requests.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (requests.data.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">You have no payment requests yet.</p>;

  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700" aria-label="Your payment requests">
      {requests.data.map((request) => (
        <li key={request.id} className="space-y-2 p-3" aria-label={`Request for ${askedHeadline(request)}, ${STATUS_LABELS[request.status]}`}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold">{askedHeadline(request)}</p>
            <RequestStatusBadge status={request.status} />
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {`${assetSideText(request)} on ${networkLabelOf(request)} · shown as ${request.displayName}`}
          </p>
          {request.note && <p className="text-sm break-words">{request.note}</p>}
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {request.status === 'paid' && request.paidAt
              ? `Paid ${formatDateTime(request.paidAt)}`
              : request.status === 'cancelled' && request.cancelledAt
                ? `Cancelled ${formatDateTime(request.cancelledAt)}`
                : `${request.status === 'expired' ? 'Expired' : 'Expires'} ${formatDateTime(request.expiresAt)}`}
          </p>
          <div className="flex flex-wrap gap-2">
            {request.status === 'paid' && request.transactionHash && (
              <Link to={`/transaction/${request.transactionHash}`} className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                View the payment
              </Link>
            )}
            {request.status === 'open' && (
              <>
                <Button variant="outline" size="sm" aria-expanded={shownId === request.id} onClick={() => setShownId(shownId === request.id ? undefined : request.id)}>
                  {shownId === request.id ? 'Hide code and link' : 'Show code and link'}
                </Button>
                <CancelRequestButton request={request} />
              </>
            )}
          </div>
          {request.status === 'open' && shownId === request.id && <RequestShare request={request} />}
        </li>
      ))}
    </ul>
  );
}
