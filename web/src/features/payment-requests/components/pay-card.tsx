import { type PublicPaymentRequest, formatDateTime } from '@fincrypt/domain';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { askedHeadline, assetSideText, closedMessage, networkLabelOf } from '../request-figures.ts';
import { RequestStatusBadge } from './requests-list.tsx';

export interface PayCardProps {
  request: PublicPaymentRequest;
  /** What the visitor can do: Pay, Sign in to pay, or why not. Not shown for a closed request. */
  action: ReactNode;
}

/**
 * The pay page's card (docs/product.md#payment-requests): who asks (the name they chose), what (in the currency
 * and in the asset), the note, where it goes, the expiry and the status. A paid, expired or cancelled request says
 * so and offers no way to pay it.
 */
export function PayCard({ request, action }: PayCardProps) {
  const closed = closedMessage(request.status);
  return (
    <Card className="space-y-5 p-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-sm text-slate-600 dark:text-slate-400">{`${request.displayName} asks for`}</p>
          <p className="text-3xl font-bold break-words">{askedHeadline(request)}</p>
        </div>
        <RequestStatusBadge status={request.status} />
      </div>
      {request.note && <p className="rounded-md bg-slate-50 p-3 break-words dark:bg-slate-800">{request.note}</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">Amount</dt>
        <dd className="text-right font-mono">{assetSideText(request)}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Network</dt>
        <dd className="text-right">{networkLabelOf(request)}</dd>
        <dt className="text-slate-600 dark:text-slate-400">To</dt>
        <dd className="text-right font-mono break-all">{request.address}</dd>
        <dt className="text-slate-600 dark:text-slate-400">{request.status === 'paid' ? 'Paid' : request.status === 'expired' ? 'Expired' : 'Expires'}</dt>
        <dd className="text-right">{formatDateTime(request.status === 'paid' && request.paidAt ? request.paidAt : request.expiresAt)}</dd>
      </dl>
      {request.assetAmountIsIndicative && request.status === 'open' && (
        <p className="text-xs text-slate-600 dark:text-slate-400">{`The ${request.asset} amount is indicative: the review fixes it at the rate quoted when you pay.`}</p>
      )}
      {closed ? <Alert tone="info">{closed}</Alert> : action}
    </Card>
  );
}
