import { AlertDialog } from 'radix-ui';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClassName } from '../../../components/ui/styles.ts';
import type { RecipientAssessment } from '../recipient-assessment.ts';

export interface RecipientConfirmation {
  assessment: Exclude<RecipientAssessment, { kind: 'familiar' }>;
  to: string;
  networkLabel: string;
}

export interface RecipientConfirmDialogProps {
  confirmation: RecipientConfirmation | undefined;
  /**
   * What will leave the wallet, as of now (the fee follows the live quote while the dialog is open): the
   * amount in the asset sent, the fee in the network's coin.
   */
  summary: { amount: string; fee: string | undefined; symbol: string; feeSymbol: string };
  onConfirm: () => void;
  onCancel: () => void;
}

const addressClass = 'block break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100';

/**
 * The step before a send to an unfamiliar or look-alike address. Focus starts on Cancel, so pressing Enter
 * out of habit does not send.
 */
export function RecipientConfirmDialog({ confirmation, summary, onConfirm, onCancel }: RecipientConfirmDialogProps) {
  const assessment = confirmation?.assessment;
  return (
    <AlertDialog.Root open={confirmation !== undefined} onOpenChange={(isOpen) => !isOpen && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 space-y-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none dark:border-slate-700 dark:bg-slate-900">
          <AlertDialog.Title className="text-lg font-semibold">
            {assessment?.kind === 'lookalike' ? 'This address imitates one you know' : 'First payment to this address'}
          </AlertDialog.Title>
          {confirmation && assessment && (
            <AlertDialog.Description asChild>
              <div className="space-y-3 text-sm text-slate-700 dark:text-slate-200">
                {assessment.kind === 'lookalike' ? (
                  <>
                    <Alert tone="error">
                      {`The recipient looks like ${assessment.imitated.description} but it is a different address. `}
                      Scammers create addresses that share the first and last characters of one you know, hoping you copy
                      theirs. Compare every character.
                    </Alert>
                    <p>
                      You are sending to
                      <code className={addressClass}>{confirmation.to}</code>
                    </p>
                    <p>
                      {`It imitates ${assessment.imitated.description}`}
                      <code className={addressClass}>{assessment.imitated.address}</code>
                    </p>
                  </>
                ) : (
                  <>
                    <p>{`You have never sent to this address on ${confirmation.networkLabel}. Check every character: transactions cannot be reversed.`}</p>
                    <code className={addressClass}>{confirmation.to}</code>
                  </>
                )}
                <p>
                  {`Amount: ${summary.amount} ${summary.symbol}`}
                  {summary.fee !== undefined && ` · Network fee: ${summary.fee} ${summary.feeSymbol}`}
                </p>
              </div>
            </AlertDialog.Description>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClassName({ variant: 'outline' })}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClassName({ variant: assessment?.kind === 'lookalike' ? 'danger' : 'primary' })} onClick={onConfirm}>
              Send anyway
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
