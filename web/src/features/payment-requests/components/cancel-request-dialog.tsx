import type { PaymentRequestView } from '@fincrypt/domain';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { dialogContentClassName, dialogOverlayClassName } from '../../../components/ui/styles.ts';
import { toast } from '../../../lib/toast.ts';
import { useCancelPaymentRequest } from '../api/cancel-payment-request.ts';
import { askedHeadline } from '../request-figures.ts';

/** 'Cancel request', confirmed in a dialog first: a cancelled request's code and link stop working for good. */
export function CancelRequestButton({ request }: { request: PaymentRequestView }) {
  const [isOpen, setOpen] = useState(false);
  const cancel = useCancelPaymentRequest();
  const confirm = () =>
    cancel.mutate(request.id, {
      onSuccess: () => toast.success('Payment request cancelled'),
      onError: (error) => toast.error(error instanceof Error ? error.message : 'Could not cancel the request'),
      onSettled: () => setOpen(false),
    });
  return (
    <AlertDialog.Root open={isOpen} onOpenChange={setOpen}>
      <AlertDialog.Trigger className={buttonClassName({ variant: 'outline', size: 'sm' })}>Cancel request</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClassName} />
        <AlertDialog.Content className={dialogContentClassName}>
          <AlertDialog.Title className="text-lg font-semibold">Cancel this request?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            {`The request for ${askedHeadline(request)} can no longer be paid: its QR code and link will say it was cancelled. This cannot be undone.`}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClassName({ variant: 'outline' })}>Keep request</AlertDialog.Cancel>
            <Button variant="danger" isBusy={cancel.isPending} onClick={confirm}>
              Cancel request
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
