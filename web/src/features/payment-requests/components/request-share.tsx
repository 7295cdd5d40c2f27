import type { PaymentRequestView } from '@fincrypt/domain';
import { Share2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { askedHeadline, networkLabelOf, payLinkOf } from '../request-figures.ts';

export const REQUEST_QR_SIZE_PX = 220;

const codeClass = 'min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs break-all dark:border-slate-600 dark:bg-slate-800';

/** A request to share: its standard QR code, the URI wallets read, and the link /pay/{id} to copy or share. */
export function RequestShare({ request }: { request: PaymentRequestView }) {
  const link = payLinkOf(request.path);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const title = `${request.displayName} asks for ${askedHeadline(request)}`;

  return (
    <div className="space-y-4">
      <figure className="flex flex-col items-center gap-2">
        <div className="rounded-lg bg-white p-4">
          <QrCode value={request.uri} size={REQUEST_QR_SIZE_PX} level="M" label={`QR code of the payment request for ${askedHeadline(request)}`} />
        </div>
        <figcaption className="text-center text-sm text-slate-600 dark:text-slate-300">
          {`Scan to pay ${askedHeadline(request)} on ${networkLabelOf(request)}`}
        </figcaption>
      </figure>
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-800 dark:text-slate-200">Link to this request</p>
        <div className="flex items-start gap-2">
          <code className={codeClass} data-testid="payment-request-link">
            {link}
          </code>
          <CopyButton value={link} label="Copy link" successMessage="Link copied to clipboard" />
          {canShare && (
            <Button
              variant="outline"
              size="sm"
              aria-label="Share link"
              onClick={() => void navigator.share({ title, text: title, url: link }).catch(() => undefined)}
            >
              <Share2 aria-hidden className="h-4 w-4" />
            </Button>
          )}
        </div>
      </div>
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-800 dark:text-slate-200">Payment URI for wallets</p>
        <div className="flex items-start gap-2">
          <code className={codeClass} data-testid="payment-request-uri">
            {request.uri}
          </code>
          <CopyButton value={request.uri} label="Copy payment URI" successMessage="Payment URI copied to clipboard" />
        </div>
      </div>
    </div>
  );
}
