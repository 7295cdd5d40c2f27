import type { ScannedCode } from '@fincrypt/domain';
import { ScanLine } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { useDeferredDialog } from '../../../components/ui/deferred-dialog.ts';
import { buttonClassName } from '../../../components/ui/styles.ts';

const loadQrScannerDialog = () => import('./qr-scanner-dialog.tsx');
const QrScannerDialog = lazy(loadQrScannerDialog);
/** Hovering or focusing the button fetches the dialog and its camera panel together, so a click finds both ready. */
const loadDialogAndPanel = () => Promise.all([loadQrScannerDialog(), import('./qr-scanner-panel.tsx')]);

/**
 * The 'Scan QR code' button beside a recipient field. The dialog it opens (qr-scanner-dialog.tsx: Radix's dialog and
 * the camera panel) loads on first open, not with the send page.
 */
export function QrScannerButton({ onScan }: { onScan: (code: ScannedCode) => void }) {
  const dialog = useDeferredDialog(loadDialogAndPanel);
  return (
    <>
      <button {...dialog.buttonProps} aria-label="Scan QR code" className={buttonClassName({ variant: 'outline', className: 'shrink-0 px-3' })}>
        <ScanLine aria-hidden className="h-5 w-5" />
      </button>
      {dialog.hasOpened && (
        <Suspense fallback={null}>
          <QrScannerDialog {...dialog.dialogProps} onScan={onScan} />
        </Suspense>
      )}
    </>
  );
}
