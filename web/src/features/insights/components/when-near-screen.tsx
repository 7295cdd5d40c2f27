import { type ReactNode, type Ref, useRef } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { INSIGHTS_SECTIONS, type InsightsSection } from '../section-summaries.ts';
import { SectionCard } from './section-card.tsx';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';

/** How close to the screen a section's place must come before it renders and asks for its data: half a screen. */
export const NEAR_SCREEN_MARGIN = '50% 0px';

/**
 * A section's stand-in while it waits, of about its final height: its card with its heading and one-line summary (so
 * find-in-page and a screen reader's heading list find it before it draws), over a pulsing block announced as loading.
 */
export function SectionPlaceholder({ label, className, ref, section }: { label: string; className: string; ref?: Ref<HTMLElement>; section: InsightsSection }) {
  const { title, summary } = INSIGHTS_SECTIONS[section];
  return (
    <SectionCard ref={ref} title={title} summary={summary} className={cn('flex flex-col', className)} bodyClassName="min-h-0 flex-1">
      <div role="status" className="h-full">
        <span className="sr-only">{label}</span>
        <Skeleton className="h-full rounded-lg" />
      </div>
    </SectionCard>
  );
}

/**
 * Renders `children` once its place comes near the screen, and a placeholder until then. A section below the fold
 * asks for its data and draws only as the reader scrolls towards it: on a phone, its requests and its rendering
 * otherwise ran beside the first screen's, and held that screen's first paint back.
 */
export function WhenNearScreen(props: { label: string; placeholderClassName: string; section: InsightsSection; children: ReactNode }) {
  const { label, placeholderClassName, section, children } = props;
  const place = useRef<HTMLElement>(null);
  const isNear = useNearViewport(place, NEAR_SCREEN_MARGIN);
  if (!isNear) return <SectionPlaceholder ref={place} label={label} className={placeholderClassName} section={section} />;
  return children;
}
