import { type DisplayCurrency, type StatFigure, formatFiat } from '@fincrypt/domain';
import { Activity, ArrowLeftRight, Gauge, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cardClassName } from '../../../components/ui/styles.ts';
import { cn } from '../../../lib/cn.ts';
import { useInsightsStats } from '../api/insights-api.ts';
import { formatCount, formatStatChange, formatTps } from '../format.ts';
import { QueryError } from './query-error.tsx';
import { TREND_TEXT_CLASS, directionOf } from './trend.ts';

interface StatCardProps {
  label: string;
  value: string;
  figure: StatFigure;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}

function StatCard({ label, value, figure, icon: Icon }: StatCardProps) {
  const change = figure.changePercent;
  return (
    <li className={cn(cardClassName, 'min-w-0 p-4')}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</p>
        <Icon aria-hidden className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />
      </div>
      <p className="mt-2 truncate font-mono text-2xl font-semibold tabular-nums" title={value}>
        {value}
      </p>
      <p className="mt-1 text-sm">
        <span className={cn('font-medium tabular-nums', TREND_TEXT_CLASS[change === null ? 'flat' : directionOf(change, 1)])}>
          {formatStatChange(change)}
        </span>{' '}
        <span className="text-slate-600 dark:text-slate-300">{change === null ? 'no activity the day before' : 'vs previous 24h'}</span>
      </p>
    </li>
  );
}

/** The four platform figures, computed by the server from the ledger over the last 24 hours. */
export function StatCards({ currency }: { currency: DisplayCurrency }) {
  const stats = useInsightsStats(currency);
  if (stats.isError && !stats.data) return <QueryError what="platform statistics" />;
  if (!stats.data) {
    return (
      <div role="status" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <span className="sr-only">Loading platform statistics</span>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-28 rounded-xl" />
        ))}
      </div>
    );
  }
  const data = stats.data;
  return (
    <section aria-labelledby="platform-stats-heading">
      <h2 id="platform-stats-heading" className="sr-only">
        Platform activity in the last 24 hours
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="24h Volume" value={formatFiat(data.volume24h.value, data.currency)} figure={data.volume24h} icon={ArrowLeftRight} />
        <StatCard label="Active Users" value={formatCount(data.activeUsers.value)} figure={data.activeUsers} icon={Users} />
        <StatCard
          label="Avg Transaction"
          value={formatFiat(data.averageTransaction.value, data.currency)}
          figure={data.averageTransaction}
          icon={Activity}
        />
        <StatCard label="TPS" value={formatTps(data.tps.value)} figure={data.tps} icon={Gauge} />
      </ul>
    </section>
  );
}
