import { cn } from '../../../lib/cn.ts';
import type { FeedState } from '../live/explorer-socket.ts';

const TEXT: Record<FeedState, string> = { connecting: 'Connecting…', live: 'Live', offline: 'Reconnecting…' };

/** Whether the page is following the network live; a status region, so a lost feed is announced. */
export function LiveBadge({ state }: { state: FeedState }) {
  return (
    <span
      role="status"
      data-testid="explorer-live"
      data-state={state}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        state === 'live'
          ? 'bg-green-50 text-green-800 ring-green-600/30 dark:bg-green-950 dark:text-green-300'
          : 'bg-slate-100 text-slate-700 ring-slate-500/30 dark:bg-slate-800 dark:text-slate-200',
      )}
    >
      <span aria-hidden className={cn('h-2 w-2 rounded-full', state === 'live' ? 'bg-green-600 motion-safe:animate-pulse' : 'bg-slate-400')} />
      {TEXT[state]}
    </span>
  );
}
