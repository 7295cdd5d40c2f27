import { type ScannedCode, parseQrPayload } from '@fincrypt/domain';
import { Upload } from 'lucide-react';
import QrScanner from 'qr-scanner';
import { type ChangeEvent, useCallback, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCameraScanner } from '../hooks/use-camera-scanner.ts';
import { QR_SCANNER_MESSAGES } from '../messages.ts';

export const SCAN_HINT = 'Position the QR code within the frame to scan';

/**
 * The scanner itself: a square live camera view and an image upload. Loaded only when the dialog opens, so
 * the qr-scanner library (and its decoding worker, which it loads on first use) stays out of every page.
 */
export function QrScannerPanel({ onScan }: { onScan: (code: ScannedCode) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const hasScanned = useRef(false);
  const lastRejectedText = useRef<string | undefined>(undefined);
  const [isReadingImage, setReadingImage] = useState(false);

  const accept = useCallback(
    (text: string, source: 'camera' | 'upload') => {
      if (hasScanned.current) return;
      // A /pay/ link must be this site's (docs/product.md#qr-codes).
      const parsed = parseQrPayload(text, { origin: window.location.origin });
      if (!parsed.ok) {
        // The camera reads the same wrong code twice a second: say so once, not on every frame.
        if (source === 'upload' || lastRejectedText.current !== text) toast.error(parsed.message);
        lastRejectedText.current = text;
        return;
      }
      hasScanned.current = true;
      onScan(parsed);
    },
    [onScan],
  );

  const cameraStatus = useCameraScanner(videoRef, (text) => accept(text, 'camera'));

  async function readImage(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again is a change too.
    event.target.value = '';
    if (!file) return;
    setReadingImage(true);
    let text: string;
    try {
      text = (await QrScanner.scanImage(file, { returnDetailedScanResult: true })).data;
    } catch {
      toast.error(QR_SCANNER_MESSAGES.imageUnreadable);
      return;
    } finally {
      setReadingImage(false);
    }
    accept(text, 'upload');
  }

  return (
    <div className="space-y-4">
      {cameraStatus !== 'unavailable' && (
        <div className="space-y-2">
          <div className="relative mx-auto aspect-square w-full max-w-80 overflow-hidden rounded-lg bg-slate-900">
            <video ref={videoRef} muted playsInline aria-label="Camera view" className="h-full w-full object-cover" />
            {/* The middle two thirds are where qr-scanner looks for a code by default. */}
            <div aria-hidden className="pointer-events-none absolute inset-[16.67%] rounded-md border-2 border-white/90" />
            {cameraStatus === 'starting' && (
              <div className="absolute inset-0 flex items-center justify-center text-white">
                <Spinner label="Starting camera" />
              </div>
            )}
          </div>
          <p className="text-center text-sm text-slate-600 dark:text-slate-300">{SCAN_HINT}</p>
        </div>
      )}
      <div className="flex justify-center">
        <Button variant="outline" isBusy={isReadingImage} onClick={() => fileInputRef.current?.click()}>
          {!isReadingImage && <Upload aria-hidden className="h-4 w-4" />}
          Upload QR Code
        </Button>
        <input ref={fileInputRef} type="file" accept="image/*" hidden onChange={(event) => void readImage(event)} />
      </div>
    </div>
  );
}
