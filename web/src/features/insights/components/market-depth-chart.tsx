import { type DisplayCurrency, type OrderBookResponse, type MarketTokenId, TICKER_SYMBOLS } from '@fincrypt/domain';
import { useMemo } from 'react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { renderAxisTick } from './axis-tick.tsx';
import { HORIZONTAL_GRID_LINES } from './grid-lines.ts';
import { useOrderBook } from '../api/insights-api.ts';
import { formatCoinAmount, formatCompactFiat, formatPriceAtTick } from '../format.ts';
import { ChartFigure } from './chart-figure.tsx';
import { pairOf } from './order-book-pair.ts';
import { QueryError } from './query-error.tsx';
import { SectionCard } from './section-card.tsx';

const BID_COLOR = '#16a34a';
const ASK_COLOR = '#dc2626';

function describeDepth(book: OrderBookResponse): string {
  const symbol = TICKER_SYMBOLS[book.token];
  const price = (value: number) => formatPriceAtTick(value, book.currency, book.tickSize);
  const lastBid = book.bids.at(-1);
  const lastAsk = book.asks.at(-1);
  if (!lastBid || !lastAsk) return `No ${pairOf(book)} orders.`;
  return (
    `${pairOf(book)} around a mid price of ${price(book.midPrice)}: ${book.bids.length} bid levels from ${price(book.bids[0]!.price)} ` +
    `down to ${price(lastBid.price)} holding ${formatCoinAmount(lastBid.cumulativeAmount, 2)} ${symbol}; ` +
    `${book.asks.length} ask levels from ${price(book.asks[0]!.price)} up to ${price(lastAsk.price)} ` +
    `holding ${formatCoinAmount(lastAsk.cumulativeAmount, 2)} ${symbol}. Simulated order book.`
  );
}

/** Cumulative size on each side of the book: bids rising to the left of the mid price, asks to the right. */
export function MarketDepthChart({ token, currency }: { token: MarketTokenId; currency: DisplayCurrency }) {
  const orderBook = useOrderBook(token, currency);
  const book = orderBook.data;
  const series = useMemo(() => {
    if (!book) return [];
    const bids = [...book.bids].reverse().map((level) => ({ price: level.price, bids: level.cumulativeAmount }));
    const asks = book.asks.map((level) => ({ price: level.price, asks: level.cumulativeAmount }));
    return [...bids, ...asks];
  }, [book]);

  return (
    <SectionCard title={book ? `Market Depth · ${pairOf(book)}` : 'Market Depth'}>
      {orderBook.isError && !book ? (
        <QueryError what="the market depth" />
      ) : (
        <ChartFigure isLoading={!book} loadingLabel="Loading the market depth" summary={book ? describeDepth(book) : ''}>
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={series} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid {...HORIZONTAL_GRID_LINES} />
              <XAxis
                dataKey="price"
                type="number"
                domain={['dataMin', 'dataMax']}
                tickCount={5}
                tickFormatter={(value: number) => formatCompactFiat(value, book?.currency ?? currency)}
                tick={renderAxisTick}
              />
              <YAxis tickFormatter={(value: number) => formatCoinAmount(value, 0)} tick={renderAxisTick} width={56} />
              <Tooltip
                labelFormatter={(value) => formatPriceAtTick(Number(value), book?.currency ?? currency, book?.tickSize ?? 0.01)}
                formatter={(value, name) => [`${formatCoinAmount(Number(value))} ${TICKER_SYMBOLS[token]}`, name === 'bids' ? 'Bids (cumulative)' : 'Asks (cumulative)']}
                contentStyle={{ borderRadius: 8 }}
              />
              <Area type="stepAfter" dataKey="bids" stroke={BID_COLOR} fill={BID_COLOR} fillOpacity={0.25} isAnimationActive={false} connectNulls={false} />
              <Area type="stepBefore" dataKey="asks" stroke={ASK_COLOR} fill={ASK_COLOR} fillOpacity={0.25} isAnimationActive={false} connectNulls={false} />
            </AreaChart>
          </ResponsiveContainer>
        </ChartFigure>
      )}
    </SectionCard>
  );
}
