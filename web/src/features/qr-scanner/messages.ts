/** The scanner's toasts (docs/product.md#toasts); the invalid-payload message comes from the domain's parseQrPayload. */
export const QR_SCANNER_MESSAGES = {
  noCamera: 'No camera found. Please use the upload option.',
  cameraFailed: 'Failed to access camera. Please use the upload option.',
  imageUnreadable: 'Failed to read QR code from image. Please try another image.',
} as const;

/** The scanner's timing (docs/product.md#qr-scanner): one attempt every 500 ms; the camera must be playing within 5 s. */
export const SCAN_INTERVAL_MS = 500;
export const VIDEO_START_TIMEOUT_MS = 5000;
