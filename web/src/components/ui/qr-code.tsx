import type * as QrCodeSvg from './qr-code-svg.ts';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { useAfterFirstContentfulPaint } from '../../lib/use-after-first-contentful-paint.ts';
import { useNearViewport } from '../../lib/use-near-viewport.ts';

type QrModule = typeof QrCodeSvg;

/** The QR library once it has arrived: later codes draw at once, without a frame of placeholder. */
let loadedQr: QrModule | undefined;
let loadingQr: Promise<QrModule> | undefined;
function loadQr(): Promise<QrModule> {
  loadingQr ??= import('./qr-code-svg.ts').then(
    (module) => (loadedQr = module),
    (error: unknown) => {
      // A failed fetch (offline, a new deploy) is tried again by the next code that wants it.
      loadingQr = undefined;
      throw error;
    },
  );
  return loadingQr;
}

/** How close to the screen a code's place must come before it draws: half a screen above or below. */
const DRAW_MARGIN = '50% 0px';

export interface QrCodeProps {
  value: string;
  /** The code's side in CSS pixels; the placeholder before it is exactly as large, so nothing moves when it draws. */
  size: number;
  /** Error correction: L, M (a quarter of the code can be damaged), Q or H; qrcode.react's default is L. */
  level?: 'L' | 'M' | 'Q' | 'H';
  /** What the code is, for assistive technology (the drawn code is an img with this name). */
  label: string;
  className?: string;
}

/**
 * A QR code (an SVG) whose library, qrcode.react (about 6 KB gzip), loads in a chunk of its own once the page has
 * shown its first text and the code's place has come near the screen: the pages that show one (an explorer
 * address, a payment request) do not carry it in their first load. Until then, a blank square of the same size.
 */
export function QrCode({ value, size, level, label, className }: QrCodeProps) {
  const place = useRef<HTMLDivElement>(null);
  const hasPagePainted = useAfterFirstContentfulPaint();
  const isNearScreen = useNearViewport(place, DRAW_MARGIN);
  const [qr, setQr] = useState(loadedQr);
  const isWanted = isNearScreen && (hasPagePainted || loadedQr !== undefined);

  useEffect(() => {
    if (!isWanted || qr) return;
    let isMounted = true;
    loadQr().then(
      (module) => {
        if (isMounted) setQr(module);
      },
      () => undefined,
    );
    return () => {
      isMounted = false;
    };
  }, [isWanted, qr]);

  const QRCodeSVG = qr?.QRCodeSVG;
  return (
    <div ref={place} className={cn('shrink-0', className)} style={{ width: size, height: size }}>
      {QRCodeSVG && isWanted ? (
        <QRCodeSVG value={value} size={size} level={level} role="img" aria-label={label} className="block" />
      ) : (
        <div aria-hidden className="h-full w-full animate-pulse rounded-sm bg-slate-100" />
      )}
    </div>
  );
}
