import type { ReactNode } from 'react';

/** One labelled line of an explorer card's facts (inside a <dl>). */
export function Fact({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4" data-testid={testId}>
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{term}</dt>
      <dd className="min-w-0 break-all">{children}</dd>
    </div>
  );
}
