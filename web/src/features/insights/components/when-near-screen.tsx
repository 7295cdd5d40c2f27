import { type ReactNode, type Ref, useRef } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';

/** How close to the screen a section's place must come before it renders and asks for its data: half a screen. */
export const NEAR_SCREEN_MARGIN = '50% 0px';

/** A section's stand-in while it waits: a pulsing block of about its height, announced as loading. */
export function SectionPlaceholder({ label, className, ref }: { label: string; className: string; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} role="status">
      <span className="sr-only">{label}</span>
      <Skeleton className={cn('rounded-xl', className)} />
    </div>
  );
}

/**
 * Renders `children` once its place comes near the screen, and a placeholder until then. A section below the fold
 * asks for its data and draws only as the reader scrolls towards it: on a phone, its requests and its rendering
 * otherwise ran beside the first screen's, and held that screen's first paint back.
 */
export function WhenNearScreen({ label, placeholderClassName, children }: { label: string; placeholderClassName: string; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const isNear = useNearViewport(place, NEAR_SCREEN_MARGIN);
  if (!isNear) return <SectionPlaceholder ref={place} label={label} className={placeholderClassName} />;
  return children;
}
