/** The QR scanner feature's public API: the dialog (its camera panel loads lazily when it opens). */
export { QrScannerDialog, type QrScannerDialogProps } from './components/qr-scanner-dialog.tsx';
