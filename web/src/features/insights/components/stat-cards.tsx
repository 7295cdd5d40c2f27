import type { DisplayCurrency, StatFigure } from '@fincrypt/domain';
import { formatTps } from '@fincrypt/domain';
import { Activity, ArrowLeftRight, Gauge, Users } from 'lucide-react';
import { type ComponentType, useId } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cardClassName } from '../../../components/ui/styles.ts';
import { cn } from '../../../lib/cn.ts';
import { useDeferredAnswer } from '../../../lib/use-deferred-answer.ts';
import { useInsightsStats } from '../api/insights-api.ts';
import { formatCount, formatStatChange, formatStatFiat } from '../format.ts';
import { QueryError } from './query-error.tsx';
import { TREND_TEXT_CLASS, directionOf } from './trend.ts';

/**
 * What a card says when its figure was zero the day before (so no change can be given), true of that
 * figure: volume, average and TPS are zero only without sends; active users only without anyone active.
 */
export const STAT_NO_PREVIOUS = {
  volume: 'no volume the day before',
  activeUsers: 'nobody active the day before',
  sends: 'no sends the day before',
} as const;

interface StatCardProps {
  label: string;
  /** What the card shows; `fullValue`, when it differs, appears on hover and focus. */
  value: string;
  fullValue?: string;
  figure: StatFigure;
  /** Said when there is no change to show: the figure was zero the day before. */
  noPrevious: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}

/** The card's figure; a compact one can be hovered or focused to show the full figure. */
function StatValue({ value, fullValue }: { value: string; fullValue: string | undefined }) {
  const tooltipId = useId();
  if (fullValue === undefined || fullValue === value) return <>{value}</>;
  return (
    <span
      tabIndex={0}
      aria-describedby={tooltipId}
      className="group relative inline-block rounded outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 dark:focus-visible:ring-indigo-400"
    >
      {value}
      <span
        id={tooltipId}
        role="tooltip"
        className="invisible absolute bottom-full left-0 z-10 mb-1 rounded bg-slate-900 px-2 py-1 text-sm font-normal whitespace-nowrap text-white group-hover:visible group-focus:visible dark:bg-slate-100 dark:text-slate-900"
      >
        {fullValue}
      </span>
    </span>
  );
}

function StatCard({ label, value, fullValue, figure, noPrevious, icon: Icon }: StatCardProps) {
  const change = figure.changePercent;
  return (
    <li className={cn(cardClassName, 'min-w-0 p-4')}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</p>
        <Icon aria-hidden className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />
      </div>
      <p className="mt-2 font-mono text-2xl font-semibold tabular-nums">
        <StatValue value={value} fullValue={fullValue} />
      </p>
      <p className="mt-1 text-sm">
        <span className={cn('font-medium tabular-nums', TREND_TEXT_CLASS[change === null ? 'flat' : directionOf(change, 1)])}>
          {formatStatChange(change)}
        </span>{' '}
        <span className="text-slate-600 dark:text-slate-300">{change === null ? noPrevious : 'vs previous 24h'}</span>
      </p>
    </li>
  );
}

/** The four platform figures, computed by the server from the ledger over the last 24 hours. */
export function StatCards({ currency }: { currency: DisplayCurrency }) {
  const stats = useInsightsStats(currency);
  const { data } = useDeferredAnswer(stats);
  if (stats.isError && !data) return <QueryError what="platform statistics" />;
  if (!data) {
    return (
      <div role="status" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <span className="sr-only">Loading platform statistics</span>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-28 rounded-xl" />
        ))}
      </div>
    );
  }
  const volume = formatStatFiat(data.volume24h.value, data.currency);
  const average = formatStatFiat(data.averageTransaction.value, data.currency);
  return (
    <section aria-labelledby="platform-stats-heading">
      <h2 id="platform-stats-heading" className="sr-only">
        Platform activity in the last 24 hours
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="24h Volume"
          value={volume.short}
          fullValue={volume.full}
          figure={data.volume24h}
          noPrevious={STAT_NO_PREVIOUS.volume}
          icon={ArrowLeftRight}
        />
        <StatCard
          label="Active Users"
          value={formatCount(data.activeUsers.value)}
          figure={data.activeUsers}
          noPrevious={STAT_NO_PREVIOUS.activeUsers}
          icon={Users}
        />
        <StatCard
          label="Avg Transaction"
          value={average.short}
          fullValue={average.full}
          figure={data.averageTransaction}
          noPrevious={STAT_NO_PREVIOUS.sends}
          icon={Activity}
        />
        <StatCard label="TPS" value={formatTps(data.tps.value)} figure={data.tps} noPrevious={STAT_NO_PREVIOUS.sends} icon={Gauge} />
      </ul>
    </section>
  );
}
