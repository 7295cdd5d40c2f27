/** The QR scanner feature's public API: the button that opens the scanner (its dialog and camera panel load on first open). */
export { QrScannerButton } from './components/qr-scanner-button.tsx';
