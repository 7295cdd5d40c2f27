import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';

/**
 * A chart with its text alternative: the drawing is hidden from assistive technology and the caption
 * says in words what it shows (range, extremes, totals), for everyone to read.
 */
export function ChartFigure({
  summary,
  children,
  isLoading,
  loadingLabel,
  className = 'h-64',
}: {
  summary: ReactNode;
  children: ReactNode;
  isLoading: boolean;
  loadingLabel: string;
  className?: string;
}) {
  if (isLoading) {
    return (
      <div role="status">
        <span className="sr-only">{loadingLabel}</span>
        <Skeleton className={cn('w-full', className)} />
      </div>
    );
  }
  return (
    <figure className="m-0">
      <div aria-hidden className={cn('w-full text-slate-600 dark:text-slate-300', className)}>
        {children}
      </div>
      <figcaption className="mt-3 text-sm text-slate-600 dark:text-slate-300">{summary}</figcaption>
    </figure>
  );
}
