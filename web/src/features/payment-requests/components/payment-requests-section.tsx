import type { PaymentRequestView } from '@fincrypt/domain';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../../auth/index.ts';
import { RequestForm } from './request-form.tsx';
import { RequestShare } from './request-share.tsx';
import { RequestsList } from './requests-list.tsx';

export interface PaymentRequestsSectionProps {
  walletId: string;
  /** The asset chosen on the Receive tab: the one the request asks for. */
  asset: string;
  networkLabel: string;
  /** A new request's code is on screen (true) or gone again (false): the tab folds the wallet's plain code away meanwhile. */
  onRequestCodeShown?: (isShown: boolean) => void;
}

/** The Receive tab's payment requests (docs/product.md#payment-requests): "Request an amount", the new request's code and link, the list. */
export function PaymentRequestsSection({ walletId, asset, networkLabel, onRequestCodeShown }: PaymentRequestsSectionProps) {
  const headingId = useId();
  // The name the payer sees starts as the account's name.
  const defaultDisplayName = useSession().data?.user.name ?? '';
  const [isFormOpen, setFormOpen] = useState(false);
  const [created, setCreated] = useState<PaymentRequestView>();

  return (
    <section aria-labelledby={headingId} className="space-y-4 border-t border-slate-200 pt-6 dark:border-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Payment requests
        </h2>
        {!isFormOpen && (
          <Button
            variant="outline"
            onClick={() => {
              setCreated(undefined);
              onRequestCodeShown?.(false);
              setFormOpen(true);
            }}
          >
            Request an amount
          </Button>
        )}
      </div>
      {isFormOpen && (
        <div className="space-y-2">
          <p className="text-sm text-slate-600 dark:text-slate-400">{`Ask for ${asset} into this ${networkLabel} wallet.`}</p>
          <RequestForm
            key={`${walletId}:${asset}`}
            walletId={walletId}
            asset={asset}
            defaultDisplayName={defaultDisplayName}
            onCancel={() => setFormOpen(false)}
            onCreated={(request) => {
              setFormOpen(false);
              setCreated(request);
              onRequestCodeShown?.(true);
            }}
          />
        </div>
      )}
      {created && (
        <div className="space-y-2 rounded-md border border-indigo-200 p-4 dark:border-indigo-800">
          <p role="status" className="font-semibold">Request created: share the code or the link</p>
          <RequestShare request={created} />
        </div>
      )}
      <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-300">Your requests</h3>
      <RequestsList />
    </section>
  );
}
