import { type ReactNode, type Ref, useId } from 'react';
import { cardClassName } from '../../../components/ui/styles.ts';
import { cn } from '../../../lib/cn.ts';

/** A titled card section; the heading labels the region for assistive technology. */
export function SectionCard({
  title,
  actions,
  children,
  className,
  headingLevel = 2,
  summary,
  bodyClassName,
  ref,
}: {
  title: ReactNode;
  /** Controls shown beside the title (selectors, an info button…). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
  /** One line under the heading saying what the section shows (section-summaries.ts). */
  summary?: string;
  /** Classes for the box around `children` (a placeholder's skeleton fills the card's height with `flex-1`). */
  bodyClassName?: string;
  ref?: Ref<HTMLElement>;
}) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section ref={ref} aria-labelledby={headingId} className={cn(cardClassName, 'min-w-0 p-4 sm:p-6', className)}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id={headingId} className="text-lg font-semibold">
          {title}
        </Heading>
        {actions}
      </div>
      {summary && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{summary}</p>}
      <div className={cn('mt-4', bodyClassName)}>{children}</div>
    </section>
  );
}
