import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface DisclosureProps {
  /** The always-visible line (for an FAQ, the question). */
  summary: ReactNode;
  children: ReactNode;
  className?: string;
}

/** Native <details>/<summary>: keyboard and screen-reader support come with the element. */
export function Disclosure({ summary, children, className }: DisclosureProps) {
  return (
    <details className={cn('group rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900', className)}>
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg px-4 py-3 font-medium text-slate-900 hover:bg-slate-50 dark:text-slate-100 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
        {summary}
        <ChevronDown aria-hidden className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 dark:text-slate-400" />
      </summary>
      <div className="px-4 pb-4 text-slate-600 dark:text-slate-300">{children}</div>
    </details>
  );
}
