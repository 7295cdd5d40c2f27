import { useDeferredValue } from 'react';
import {
  type DisplayCurrency,
  type MarketTokenId,
  PRICE_TOKEN_IDS,
  type PriceTokenId,
  type SentimentView,
  TICKER_SYMBOLS,
  formatFiat,
  formatPercentChange,
} from '@fincrypt/domain';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDeferredAnswer } from '../../../lib/use-deferred-answer.ts';
import { usePrices } from '../../prices/index.ts';
import { useSentiment } from '../api/insights-api.ts';
import { InfoPopover } from './info-popover.tsx';
import { QueryError } from './query-error.tsx';
import { SectionCard } from './section-card.tsx';
import { SENTIMENT_LABEL_CLASS } from './sentiment-style.ts';
import { TREND_ARROW, TREND_TEXT_CLASS, directionOf } from './trend.ts';


const SOURCE_NOTE: Record<SentimentView['source'], string> = {
  live: 'live feed',
  simulated: 'simulated feed',
  fallback: 'fixed fallback figure',
};

function ConfidenceBar({ percent }: { percent: number }) {
  return (
    <div aria-hidden className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
      <div className="h-full rounded-full bg-indigo-600 dark:bg-indigo-400" style={{ width: `${percent}%` }} />
    </div>
  );
}

export function SentimentCard({ token = 'ethereum' }: { token?: MarketTokenId }) {
  const sentiment = useSentiment(token);
  const { data } = useDeferredAnswer(sentiment);
  return (
    <SectionCard
      title="Market Sentiment"
      actions={data && <InfoPopover label="How the sentiment is read">{data.method}</InfoPopover>}
    >
      {sentiment.isError && !data ? (
        <QueryError what="the market sentiment" />
      ) : !data ? (
        <div role="status" className="space-y-3">
          <span className="sr-only">Loading the market sentiment</span>
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-20" />
        </div>
      ) : (
        <div>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className={cn('text-2xl font-bold', SENTIMENT_LABEL_CLASS[data.label])}>{data.label}</p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Confidence <span className="font-semibold text-slate-900 tabular-nums dark:text-slate-100">{data.confidence}%</span>
            </p>
          </div>
          <ConfidenceBar percent={data.confidence} />
          <p className="mt-3 text-slate-700 dark:text-slate-200">{data.prediction}</p>
          <h3 className="mt-4 text-sm font-semibold">Key factors</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-200">
            {data.factors.map((factor) => (
              <li key={factor}>{factor}</li>
            ))}
          </ul>
          <p className="mt-4 text-xs text-slate-600 dark:text-slate-300">
            Read from the {TICKER_SYMBOLS[data.token]} 24h change of {formatPercentChange(data.change24h)} ({SOURCE_NOTE[data.source]}).
          </p>
        </div>
      )}
    </SectionCard>
  );
}

/** ETH, MATIC, SOL and USDC against the display currency, from the shared 15 s price feed. */
export function LivePricesCard({ currency }: { currency: DisplayCurrency }) {
  // Deferred as a query's answer is (useDeferredAnswer): the list renders in slices when the prices arrive.
  const prices = useDeferredValue(usePrices().prices);
  const pair = (tokenId: PriceTokenId) => `${TICKER_SYMBOLS[tokenId]}/${currency.toUpperCase()}`;
  return (
    <SectionCard title="Live Prices">
      {!prices ? (
        <div role="status" className="space-y-3">
          <span className="sr-only">Loading prices</span>
          {PRICE_TOKEN_IDS.map((tokenId) => (
            <Skeleton key={tokenId} className="h-12" />
          ))}
        </div>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {PRICE_TOKEN_IDS.map((tokenId) => {
            const coin = prices[tokenId];
            const direction = directionOf(coin.change24h, 2);
            return (
              <li key={tokenId} className="flex items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-semibold">{pair(tokenId)}</p>
                  {coin.source !== 'live' && (
                    <p className="text-xs text-slate-600 dark:text-slate-300">{coin.source === 'simulated' ? 'Simulated feed' : 'Fallback price'}</p>
                  )}
                </div>
                <div className="text-right">
                  <p className="font-mono font-semibold tabular-nums">{formatFiat(coin.prices[currency], currency)}</p>
                  <p className={cn('text-sm font-medium tabular-nums', TREND_TEXT_CLASS[direction])}>
                    <span aria-hidden>{TREND_ARROW[direction]} </span>
                    {formatPercentChange(coin.change24h)}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}
