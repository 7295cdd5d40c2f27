// The QR library behind a module of ours, so that its chunk has a name of ours (assets/qr-code-svg-*.js): the
// page that shows a code imports this lazily (qr-code.tsx), and a journey can tell when it was asked for.
export { QRCodeSVG } from 'qrcode.react';
