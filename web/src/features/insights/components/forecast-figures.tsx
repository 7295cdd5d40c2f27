import { type ForecastView, formatFiat, formatPercentChange } from '@fincrypt/domain';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { TREND_ARROW, TREND_TEXT_CLASS, directionOf } from './trend.ts';

export const FORECAST_HORIZONS = [
  { key: 'predictedRate24h', percentKey: 'h24', label: 'Predicted 24h' },
  { key: 'predictedRate7d', percentKey: 'd7', label: 'Predicted 7d' },
  { key: 'predictedRate30d', percentKey: 'd30', label: 'Predicted 30d' },
] as const;

export type ForecastHorizon = (typeof FORECAST_HORIZONS)[number];

/** One labelled figure of a forecast: the label above, the value below (narrow cards keep their numbers whole). */
export function FigureCell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className={cn('font-mono text-sm font-semibold tabular-nums', className)}>{children}</dd>
    </div>
  );
}

/** A forecast figure coloured by its change as shown (two decimals): green up, red down, grey when it shows as zero. */
export function PredictedRate({ forecast, horizon }: { forecast: ForecastView; horizon: ForecastHorizon }) {
  const rate = forecast[horizon.key];
  const changePercent = forecast.expectedChangePercent[horizon.percentKey];
  const direction = directionOf(changePercent, 2);
  return (
    <FigureCell label={horizon.label} className={TREND_TEXT_CLASS[direction]}>
      <span data-direction={direction}>
        <span aria-hidden>{TREND_ARROW[direction]} </span>
        {formatFiat(rate, forecast.currency)}
      </span>
      <span className="block text-xs font-normal">{formatPercentChange(changePercent)}</span>
    </FigureCell>
  );
}
