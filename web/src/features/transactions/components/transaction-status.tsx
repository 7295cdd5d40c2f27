import { type StatusTone, transactionStatusDisplay } from '@fincrypt/domain';
import { CircleCheck, CircleHelp, CircleX, Clock } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

/** The status colours (docs/product.md#confirmations): confirmed success (green), pending warning (amber), failed error (red), else neutral. */
export const STATUS_TEXT_CLASS: Record<StatusTone, string> = {
  success: 'text-green-700 dark:text-green-400',
  warning: 'text-amber-700 dark:text-amber-400',
  error: 'text-red-700 dark:text-red-400',
  neutral: 'text-slate-600 dark:text-slate-300',
};

const STATUS_BADGE_CLASS: Record<StatusTone, string> = {
  success: 'bg-green-50 text-green-800 ring-green-600/30 dark:bg-green-950 dark:text-green-300 dark:ring-green-500/40',
  warning: 'bg-amber-50 text-amber-900 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-500/40',
  error: 'bg-red-50 text-red-800 ring-red-600/30 dark:bg-red-950 dark:text-red-300 dark:ring-red-500/40',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/30 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-500/40',
};

const STATUS_ICON = { success: CircleCheck, warning: Clock, error: CircleX, neutral: CircleHelp } as const;

/** A status as icon and label; `badge` puts it on a tinted pill. Unknown statuses read 'Unknown'. */
export function TransactionStatus({ status, variant = 'inline', className }: { status: unknown; variant?: 'inline' | 'badge'; className?: string }) {
  const { label, tone } = transactionStatusDisplay(status);
  const Icon = STATUS_ICON[tone];
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex items-center gap-1 font-medium',
        variant === 'badge' ? cn('rounded-full px-2.5 py-0.5 text-sm ring-1 ring-inset', STATUS_BADGE_CLASS[tone]) : STATUS_TEXT_CLASS[tone],
        className,
      )}
    >
      <Icon aria-hidden className="h-4 w-4 shrink-0" />
      {label}
    </span>
  );
}
