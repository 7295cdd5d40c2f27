import type { ScannedCode } from '@fincrypt/domain';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Suspense, lazy } from 'react';
import type { DeferredDialogProps } from '../../../components/ui/deferred-dialog.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';

const QrScannerPanel = lazy(() => import('./qr-scanner-panel.tsx').then((module) => ({ default: module.QrScannerPanel })));

export interface QrScannerDialogProps extends DeferredDialogProps {
  /** Called once with what a valid code holds (a recipient and what it asks for, or a /pay/ link); the dialog then closes. */
  onScan: (code: ScannedCode) => void;
}

/**
 * 'Scan QR Code': camera and image upload, in a modal dialog that traps focus and closes on Escape. Opened by
 * QrScannerButton (qr-scanner-button.tsx), which loads this file on first open; focus returns to that button.
 */
export default function QrScannerDialog({ open, onOpenChange, onCloseAutoFocus, onScan }: QrScannerDialogProps) {
  function handleScan(code: ScannedCode) {
    onOpenChange(false);
    onScan(code);
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">Scan QR Code</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
            >
              <X aria-hidden className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            Scan a recipient address or a payment code with your camera, or upload a picture of its QR code.
          </Dialog.Description>
          <Suspense fallback={<Spinner label="Loading the scanner" />}>
            <QrScannerPanel onScan={handleScan} />
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
