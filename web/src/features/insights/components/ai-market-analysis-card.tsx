import { FORECAST_CONFIDENCE_HINT, type MarketTokenId, NETWORKS, SENTIMENT_CONFIDENCE_HINT, formatFiat } from '@fincrypt/domain';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cardClassName } from '../../../components/ui/styles.ts';
import { cn } from '../../../lib/cn.ts';
import { useCurrencyStore } from '../../preferences/index.ts';
import { useForecasts, useSentiment } from '../api/insights-api.ts';
import { formatConfidence } from '../format.ts';
import { FORECAST_HORIZONS, FigureCell, PredictedRate } from './forecast-figures.tsx';
import { SENTIMENT_LABEL_CLASS } from './sentiment-style.ts';

const NETWORK = NETWORKS.eth_sepolia;
/** Its coin's market (NETWORK.priceTokenId). */
const TOKEN: MarketTokenId = 'ethereum';

/**
 * The dashboard's AI Market Analysis for the Ethereum test network: the same sentiment and forecast as the
 * insights page (shared queries), with a link there. No charts, so the dashboard stays light.
 */
export function AiMarketAnalysisCard({ className }: { className?: string }) {
  const currency = useCurrencyStore((state) => state.currency);
  const sentiment = useSentiment(TOKEN);
  const forecasts = useForecasts(currency);
  const forecast = forecasts.data?.forecasts.find((candidate) => candidate.token === TOKEN);
  const isLoading = !sentiment.data || !forecast;
  const hasFailed = (sentiment.isError && !sentiment.data) || (forecasts.isError && !forecasts.data);

  return (
    <section aria-labelledby="ai-market-analysis-heading" className={cn(cardClassName, 'p-4 sm:p-6', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="ai-market-analysis-heading" className="text-lg font-semibold">
          AI Market Analysis
        </h2>
        <Link to="/insights" className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          View all
        </Link>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {NETWORK.label} · {NETWORK.symbol}/{currency.toUpperCase()}
      </p>

      {hasFailed ? (
        <Alert tone="error" className="mt-4">
          Could not load the market analysis. Retrying shortly.
        </Alert>
      ) : isLoading ? (
        <div role="status" className="mt-4 space-y-3">
          <span className="sr-only">Loading the market analysis</span>
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-24" />
        </div>
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

      <Alert tone="warning" className="mt-4">
        Predictions are based on historical data and are not financial advice. Always do your own research before making
        decisions.
      </Alert>
    </section>
  );
}
