import QrScanner from 'qr-scanner';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { QR_SCANNER_MESSAGES, SCAN_INTERVAL_MS, VIDEO_START_TIMEOUT_MS } from '../messages.ts';

/** 'unavailable' covers both no camera and a camera that could not be started (refused, busy, too slow). */
export type CameraStatus = 'starting' | 'scanning' | 'unavailable';

function rejectAfter(ms: number): { promise: Promise<never>; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Camera did not start within ${ms} ms`)), ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

/**
 * Streams the (preferably rear) camera into the video element and decodes a frame every SCAN_INTERVAL_MS,
 * handing each decoded text to onText. Without a camera, or when it cannot be started, it says so in a
 * toast and reports 'unavailable', leaving the upload option.
 */
export function useCameraScanner(videoRef: RefObject<HTMLVideoElement | null>, onText: (text: string) => void): CameraStatus {
  const [status, setStatus] = useState<CameraStatus>('starting');
  const onTextRef = useRef(onText);
  useEffect(() => {
    onTextRef.current = onText;
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let isMounted = true;
    let scanner: QrScanner | undefined;

    const giveUp = (message: string) => {
      if (!isMounted) return;
      setStatus('unavailable');
      toast.error(message);
    };

    void (async () => {
      if (!(await QrScanner.hasCamera())) return giveUp(QR_SCANNER_MESSAGES.noCamera);
      if (!isMounted) return;
      scanner = new QrScanner(video, (result) => onTextRef.current(result.data), {
        maxScansPerSecond: 1000 / SCAN_INTERVAL_MS,
        preferredCamera: 'environment',
        returnDetailedScanResult: true,
        // A frame without a readable code is the normal case while aiming: nothing to report.
        onDecodeError: () => undefined,
      });
      const timeout = rejectAfter(VIDEO_START_TIMEOUT_MS);
      try {
        await Promise.race([scanner.start(), timeout.promise]);
        if (isMounted) setStatus('scanning');
      } catch {
        scanner.destroy();
        scanner = undefined;
        giveUp(QR_SCANNER_MESSAGES.cameraFailed);
      } finally {
        timeout.cancel();
      }
    })();

    return () => {
      isMounted = false;
      scanner?.destroy();
    };
  }, [videoRef]);

  return status;
}
