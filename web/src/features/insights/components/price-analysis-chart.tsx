import {
  DEFAULT_PRICE_HISTORY_DAYS,
  type DisplayCurrency,
  PRICE_HISTORY_DAYS,
  type PriceHistoryDays,
  type PriceHistoryResponse,
  type MarketTokenId,
  TICKER_SYMBOLS,
  formatFiat,
  formatPercentChange,
} from '@fincrypt/domain';
import { useMemo, useState } from 'react';
import { useDeferredAnswer } from '../../../lib/use-deferred-answer.ts';
import { usePriceHistory } from '../../prices/index.ts';
import { evenTicks, formatCompactFiat, formatDay, formatHour, roundTicks, tickSignificantDigits } from '../format.ts';
import { ChartFigure } from './chart-figure.tsx';
import { QueryError } from './query-error.tsx';
import { INSIGHTS_SECTIONS } from '../section-summaries.ts';
import { SectionCard } from './section-card.tsx';
import { type SegmentOption, SegmentedControl } from './segmented-control.tsx';
import { CartesianChart, type ValueAxis, type XAxis } from './svg-chart/cartesian-chart.tsx';
import { monotonePath } from './svg-chart/paths.ts';

/** The coin selector's order: ETH, SOL, MATIC (docs/product.md#insights). */
export const CHART_COINS: readonly SegmentOption<MarketTokenId>[] = [
  { value: 'ethereum', label: TICKER_SYMBOLS.ethereum },
  { value: 'solana', label: TICKER_SYMBOLS.solana },
  { value: 'matic-network', label: TICKER_SYMBOLS['matic-network'] },
];

const PERIODS: readonly SegmentOption<PriceHistoryDays>[] = PRICE_HISTORY_DAYS.map((days) => ({ value: days, label: `${days}D` }));
export const MAX_PRICE_AXIS_TICKS = 7;
/** The price axis shows at most this many round ticks. */
export const MAX_PRICE_AXIS_Y_TICKS = 6;
const LINE_COLOR = '#6366f1';

function describeHistory(history: PriceHistoryResponse): string {
  const { points, currency, days } = history;
  const pair = `${TICKER_SYMBOLS[history.token]} in ${currency.toUpperCase()}`;
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return `No price history for ${pair} yet.`;
  const prices = points.map((point) => point.price);
  const change = ((last.price - first.price) / first.price) * 100;
  const hasSimulated = points.some((point) => point.source !== 'live');
  return (
    `${pair} over the last ${days} days: from ${formatFiat(first.price, currency)} on ${formatDay(first.time)} ` +
    `to ${formatFiat(last.price, currency)} (${formatPercentChange(change)}); ` +
    `low ${formatFiat(Math.min(...prices), currency)}, high ${formatFiat(Math.max(...prices), currency)}.` +
    (hasSimulated ? ' Includes simulated history.' : '')
  );
}

/** Price history of the chosen coin over 7, 14, 30 or 90 days, in the display currency. */
export function PriceAnalysisChart({
  token,
  onTokenChange,
  currency,
}: {
  token: MarketTokenId;
  onTokenChange: (token: MarketTokenId) => void;
  currency: DisplayCurrency;
}) {
  const [days, setDays] = useState<PriceHistoryDays>(DEFAULT_PRICE_HISTORY_DAYS);
  const history = usePriceHistory({ token, days, currency });
  const { data } = useDeferredAnswer(history);
  const series = useMemo(() => data?.points.map((point) => ({ time: Date.parse(point.time), price: point.price })) ?? [], [data]);
  const ticks = useMemo(() => evenTicks(series.map((point) => point.time), MAX_PRICE_AXIS_TICKS), [series]);
  const priceTicks = useMemo(() => {
    const prices = series.map((point) => point.price);
    return prices.length === 0 ? [] : roundTicks(Math.min(...prices), Math.max(...prices), MAX_PRICE_AXIS_Y_TICKS);
  }, [series]);
  const shownCurrency = data?.currency ?? currency;
  const isHourly = data !== undefined && data.days <= 7;
  const axes = useMemo(() => {
    const priceDigits = tickSignificantDigits(priceTicks);
    const times = series.map((point) => point.time);
    const x: XAxis = {
      kind: 'number',
      domain: times.length > 0 ? [times[0]!, times.at(-1)!] : [0, 1],
      ticks,
      format: (time) => (isHourly ? `${formatDay(time)} ${formatHour(time)}` : formatDay(time)),
    };
    const y: ValueAxis = {
      domain: priceTicks.length > 0 ? [priceTicks[0]!, priceTicks.at(-1)!] : [0, 1],
      ticks: priceTicks,
      format: (value) => formatCompactFiat(value, shownCurrency, priceDigits),
      width: 64,
    };
    return { x, y, times };
  }, [series, ticks, priceTicks, isHourly, shownCurrency]);
  const symbol = TICKER_SYMBOLS[data?.token ?? token];

  return (
    <SectionCard
      title={INSIGHTS_SECTIONS.priceAnalysis.title}
      summary={INSIGHTS_SECTIONS.priceAnalysis.summary}
      actions={
        <div className="flex flex-wrap gap-2">
          <SegmentedControl label="Coin" options={CHART_COINS} value={token} onChange={onTokenChange} />
          <SegmentedControl label="Period" options={PERIODS} value={days} onChange={setDays} />
        </div>
      }
    >
      {history.isError && !data ? (
        <QueryError what="the price history" />
      ) : (
        <div aria-busy={history.isFetching} data-testid="price-analysis-chart">
          <ChartFigure
            isLoading={!data}
            loadingLabel="Loading the price history"
            summary={data ? describeHistory(data) : ''}
            className="h-72"
          >
            <CartesianChart
              x={axes.x}
              y={axes.y}
              pointsX={axes.times}
              describePoint={(index) => {
                const point = series[index];
                if (!point) return undefined;
                return {
                  title: `${formatDay(point.time)} ${formatHour(point.time)}`,
                  rows: [{ label: `${symbol} price`, value: formatFiat(point.price, shownCurrency), color: LINE_COLOR }],
                };
              }}
            >
              {(plot) => (
                <path
                  data-series="price"
                  d={monotonePath(series.map((point) => [plot.x(point.time), plot.y(point.price)]))}
                  fill="none"
                  stroke={LINE_COLOR}
                  strokeWidth={2}
                />
              )}
            </CartesianChart>
          </ChartFigure>
        </div>
      )}
    </SectionCard>
  );
}
