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
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { renderAxisTick } from './axis-tick.tsx';
import { HORIZONTAL_GRID_LINES } from './grid-lines.ts';
import { usePriceHistory } from '../../prices/index.ts';
import { evenTicks, formatCompactFiat, formatDay, formatHour, roundTicks, tickSignificantDigits } from '../format.ts';
import { ChartFigure } from './chart-figure.tsx';
import { QueryError } from './query-error.tsx';
import { SectionCard } from './section-card.tsx';
import { type SegmentOption, SegmentedControl } from './segmented-control.tsx';

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
  const data = history.data;
  const series = useMemo(() => data?.points.map((point) => ({ time: Date.parse(point.time), price: point.price })) ?? [], [data]);
  const ticks = useMemo(() => evenTicks(series.map((point) => point.time), MAX_PRICE_AXIS_TICKS), [series]);
  const priceTicks = useMemo(() => {
    const prices = series.map((point) => point.price);
    return prices.length === 0 ? [] : roundTicks(Math.min(...prices), Math.max(...prices), MAX_PRICE_AXIS_Y_TICKS);
  }, [series]);
  const priceDigits = tickSignificantDigits(priceTicks);
  const shownCurrency = data?.currency ?? currency;
  const formatTick = (time: number) => (data && data.days <= 7 ? `${formatDay(time)} ${formatHour(time)}` : formatDay(time));

  return (
    <SectionCard
      title="Price Analysis"
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
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={series} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
                <CartesianGrid {...HORIZONTAL_GRID_LINES} />
                <XAxis
                  dataKey="time"
                  type="number"
                  scale="time"
                  domain={['dataMin', 'dataMax']}
                  ticks={ticks}
                  interval="preserveStartEnd"
                  tickFormatter={formatTick}
                  tick={renderAxisTick}
                  minTickGap={8}
                />
                <YAxis
                  domain={priceTicks.length > 0 ? [priceTicks[0]!, priceTicks.at(-1)!] : ['auto', 'auto']}
                  ticks={priceTicks.length > 0 ? priceTicks : undefined}
                  interval={0}
                  tickFormatter={(value: number) => formatCompactFiat(value, shownCurrency, priceDigits)}
                  tick={renderAxisTick}
                  width={64}
                />
                <Tooltip
                  labelFormatter={(time) => `${formatDay(Number(time))} ${formatHour(Number(time))}`}
                  formatter={(value) => [formatFiat(Number(value), shownCurrency), `${TICKER_SYMBOLS[data?.token ?? token]} price`]}
                  contentStyle={{ borderRadius: 8 }}
                />
                <Line type="monotone" dataKey="price" stroke="#6366f1" strokeWidth={2} dot={false} isAnimationActive={false} />
              </LineChart>
            </ResponsiveContainer>
          </ChartFigure>
        </div>
      )}
    </SectionCard>
  );
}
