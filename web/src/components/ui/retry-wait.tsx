import { formatWait } from '../../lib/use-retry-wait.ts';

/**
 * "You can try again in 14:59", under a form whose submit waits for a rate limit to pass. Not a live region:
 * the error banner above already said how long, and a ticking announcement every second would drown it.
 */
export function RetryWait({ seconds }: { seconds: number }) {
  if (seconds <= 0) return null;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="retry-wait">
      You can try again in <span className="font-mono tabular-nums">{formatWait(seconds)}</span>
    </p>
  );
}
