import { type DisplayCurrency, type ForecastView, formatFiat, formatPercentChange } from '@fincrypt/domain';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cardClassName } from '../../../components/ui/styles.ts';
import { cn } from '../../../lib/cn.ts';
import { useForecasts } from '../api/insights-api.ts';
import { formatConfidence } from '../format.ts';
import { InfoPopover } from './info-popover.tsx';
import { QueryError } from './query-error.tsx';
import { INSIGHTS_SECTIONS } from '../section-summaries.ts';
import { SectionCard } from './section-card.tsx';
import { FORECAST_HORIZONS, FigureCell, PredictedRate } from './forecast-figures.tsx';
import { TREND_TEXT_CLASS, directionOf } from './trend.ts';

const CHANGE_SIGN = { up: '+', down: '-', flat: '' } as const;

export function ForecastCard({ forecast }: { forecast: ForecastView }) {
  // The percent as shown decides the sign of both figures and their colour.
  const change = directionOf(forecast.change24hPercent, 2);
  const signedChange = `${CHANGE_SIGN[change]}${formatFiat(Math.abs(forecast.change24h), forecast.currency)}`;
  return (
    <article aria-label={`${forecast.fromCurrency} to ${forecast.toCurrency} forecast`} className={cn(cardClassName, 'min-w-0 p-4')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">
          {forecast.fromCurrency} <span aria-hidden>→</span>
          <span className="sr-only">to</span> {forecast.toCurrency}
        </h3>
        <span className="rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
          AI confidence {formatConfidence(forecast.confidence)}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3">
        <FigureCell label="Current rate" className="text-base">
          {formatFiat(forecast.currentRate, forecast.currency)}
        </FigureCell>
        <FigureCell label="24h change" className={TREND_TEXT_CLASS[change]}>
          {signedChange}
          <span className="block text-xs font-normal">{formatPercentChange(forecast.change24hPercent)}</span>
        </FigureCell>
        {FORECAST_HORIZONS.map((horizon) => (
          <PredictedRate key={horizon.key} forecast={forecast} horizon={horizon} />
        ))}
      </dl>
    </article>
  );
}

/** ETH, MATIC and SOL forecasts against the display currency, with the method behind the (i). */
export function ForecastCards({ currency }: { currency: DisplayCurrency }) {
  const forecasts = useForecasts(currency);
  const data = forecasts.data;
  return (
    <SectionCard
      title={INSIGHTS_SECTIONS.forecast.title}
      summary={INSIGHTS_SECTIONS.forecast.summary}
      actions={
        data && (
          <InfoPopover label="How forecasts are made">
            <p className="font-semibold">{data.method.name}</p>
            <p className="mt-1">{data.method.description}</p>
          </InfoPopover>
        )
      }
    >
      {forecasts.isError && !data ? (
        <QueryError what="the forecasts" />
      ) : !data ? (
        <div role="status" className="grid gap-4 md:grid-cols-3">
          <span className="sr-only">Loading the forecasts</span>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-56 rounded-xl" />
          ))}
        </div>
      ) : (
        <>
          <div className="grid gap-4 md:grid-cols-3">
            {data.forecasts.map((forecast) => (
              <ForecastCard key={forecast.token} forecast={forecast} />
            ))}
          </div>
          <p className="mt-3 text-xs text-slate-600 dark:text-slate-300">
            Predictions are based on historical data; they are not financial advice. Always do your own research.
          </p>
        </>
      )}
    </SectionCard>
  );
}
