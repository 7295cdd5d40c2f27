import { FORECAST_CONFIDENCE_HINT, type MarketTokenId, SENTIMENT_CONFIDENCE_HINT, formatFiat } from '@fincrypt/domain';
import { Alert } from '../../../components/ui/alert.tsx';
import { cn } from '../../../lib/cn.ts';
import { useCurrencyStore } from '../../preferences/index.ts';
import { useForecasts, useSentiment } from '../api/insights-api.ts';
import { formatConfidence } from '../format.ts';
import { AiMarketAnalysisSkeleton } from './ai-market-analysis-skeleton.tsx';
import { FORECAST_HORIZONS, FigureCell, PredictedRate } from './forecast-figures.tsx';
import { SENTIMENT_LABEL_CLASS } from './sentiment-style.ts';

/**
 * The AI Market Analysis card's figures for one market: the same sentiment and forecast as the insights page (shared
 * queries). Loaded by the card (ai-market-analysis-card.tsx) when its place comes near the screen.
 */
export default function AiMarketAnalysisFigures({ token }: { token: MarketTokenId }) {
  const currency = useCurrencyStore((state) => state.currency);
  const sentiment = useSentiment(token);
  const forecasts = useForecasts(currency);
  const forecast = forecasts.data?.forecasts.find((candidate) => candidate.token === token);
  const isLoading = !sentiment.data || !forecast;
  const hasFailed = (sentiment.isError && !sentiment.data) || (forecasts.isError && !forecasts.data);

  return (
    <>
      {hasFailed ? (
        <Alert tone="error" className="mt-4">
          Could not load the market analysis. Retrying shortly.
        </Alert>
      ) : isLoading ? (
        <AiMarketAnalysisSkeleton />
      ) : (
        <div className="mt-4 space-y-4">
          <div>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className={cn('text-xl font-bold', SENTIMENT_LABEL_CLASS[sentiment.data.label])}>{sentiment.data.label}</p>
              <p className="text-right text-sm text-slate-600 dark:text-slate-300">
                Sentiment confidence{' '}
                <span className="font-semibold text-slate-900 tabular-nums dark:text-slate-100">{sentiment.data.confidence}%</span>
                <span className="block text-xs">{SENTIMENT_CONFIDENCE_HINT}</span>
              </p>
            </div>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">{sentiment.data.prediction}</p>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
            <FigureCell label="Current rate">{formatFiat(forecast.currentRate, forecast.currency)}</FigureCell>
            <FigureCell label="Forecast confidence">
              {formatConfidence(forecast.confidence)}
              <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">{FORECAST_CONFIDENCE_HINT}</span>
            </FigureCell>
            {FORECAST_HORIZONS.slice(0, 2).map((horizon) => (
              <PredictedRate key={horizon.key} forecast={forecast} horizon={horizon} />
            ))}
          </dl>
        </div>
      )}

    </>
  );
}
