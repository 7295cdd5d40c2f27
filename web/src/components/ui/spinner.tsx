import { cn } from '../../lib/cn.ts';

export interface SpinnerProps {
  className?: string;
  /** When given, the spinner is announced as a status with this text; otherwise it is decorative. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  const icon = (
    <svg aria-hidden viewBox="0 0 24 24" fill="none" className={cn('h-5 w-5 shrink-0 animate-spin', className)}>
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
      <path fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4z" className="opacity-75" />
    </svg>
  );
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
