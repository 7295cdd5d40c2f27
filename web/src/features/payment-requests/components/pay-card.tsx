import { type PublicPaymentRequest, formatDateTime } from '@fincrypt/domain';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { askedHeadline, assetSideText, closedMessage, networkLabelOf } from '../request-figures.ts';
import { RequestStatusBadge } from './requests-list.tsx';
import { REQUEST_QR_SIZE_PX } from './request-share.tsx';

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
      {!closed && <OutsideWalletPayment request={request} />}
    </Card>
  );
}

/**
 * For a wallet outside FinCrypt (MetaMask, Phantom): the request's own EIP-681 or Solana Pay code to scan, and the same
 * URI as a link a wallet on this device opens. Either carries the reference, so the payment shows the request paid.
 */
function OutsideWalletPayment({ request }: { request: PublicPaymentRequest }) {
  return (
    <section aria-label="Pay from another wallet" className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-700">
      <h2 className="text-sm font-semibold">Pay from another wallet</h2>
      <figure className="flex flex-col items-center gap-2">
        <div className="rounded-lg bg-white p-4">
          <QrCode value={request.uri} size={REQUEST_QR_SIZE_PX} level="M" label={`QR code of the payment request for ${askedHeadline(request)}`} />
        </div>
        <figcaption className="text-center text-sm text-slate-600 dark:text-slate-300">{`Scan with a wallet on ${networkLabelOf(request)}`}</figcaption>
      </figure>
      <a href={request.uri} className={buttonClassName({ variant: 'outline', className: 'w-full' })}>
        Open in wallet
      </a>
    </section>
  );
}
