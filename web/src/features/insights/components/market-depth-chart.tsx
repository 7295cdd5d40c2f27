import { type DisplayCurrency, type OrderBookResponse, type MarketTokenId, TICKER_SYMBOLS } from '@fincrypt/domain';
import { useMemo } from 'react';
import { useDeferredAnswer } from '../../../lib/use-deferred-answer.ts';
import { useOrderBook } from '../api/insights-api.ts';
import { formatCoinAmount, formatCompactFiat, formatPriceAtTick, roundTicksFromZero, roundTicksWithin, topOfTicksFromZero } from '../format.ts';
import { ChartFigure } from './chart-figure.tsx';
import { pairOf } from './order-book-pair.ts';
import { QueryError } from './query-error.tsx';
import { INSIGHTS_SECTIONS } from '../section-summaries.ts';
import { SectionCard } from './section-card.tsx';
import { CartesianChart, type ValueAxis, type XAxis } from './svg-chart/cartesian-chart.tsx';
import { type Point, areaUnder, stepPath } from './svg-chart/paths.ts';

const BID_COLOR = '#16a34a';
const ASK_COLOR = '#dc2626';
/** The price axis shows at most this many round ticks, all inside the book's range. */
const MAX_PRICE_TICKS = 5;
const MAX_AMOUNT_TICKS = 5;

/** One level on the chart: its price, and the cumulative amount on its side of the book. */
interface DepthPoint {
  price: number;
  side: 'bids' | 'asks';
  cumulative: number;
}

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
  const { data: book } = useDeferredAnswer(orderBook);
  const shownCurrency = book?.currency ?? currency;
  const chart = useMemo(() => {
    const points: DepthPoint[] = book
      ? [
          ...[...book.bids].reverse().map((level) => ({ price: level.price, side: 'bids' as const, cumulative: level.cumulativeAmount })),
          ...book.asks.map((level) => ({ price: level.price, side: 'asks' as const, cumulative: level.cumulativeAmount })),
        ]
      : [];
    const prices = points.map((point) => point.price);
    const domain: readonly [number, number] = prices.length > 0 ? [prices[0]!, prices.at(-1)!] : [0, 1];
    const x: XAxis = {
      kind: 'number',
      domain,
      ticks: roundTicksWithin(domain[0], domain[1], MAX_PRICE_TICKS),
      format: (value) => formatCompactFiat(value, shownCurrency),
    };
    const amountTicks = roundTicksFromZero(Math.max(0, ...points.map((point) => point.cumulative)), MAX_AMOUNT_TICKS);
    const y: ValueAxis = { domain: [0, topOfTicksFromZero(amountTicks)], ticks: amountTicks, format: (value) => formatCoinAmount(value, 0), width: 56 };
    return { points, prices, x, y };
  }, [book, shownCurrency]);

  return (
    <SectionCard title={book ? `Market Depth · ${pairOf(book)}` : 'Market Depth'} summary={INSIGHTS_SECTIONS.marketDepth.summary}>
      {orderBook.isError && !book ? (
        <QueryError what="the market depth" />
      ) : (
        <ChartFigure isLoading={!book} loadingLabel="Loading the market depth" summary={book ? describeDepth(book) : ''}>
          <CartesianChart
            x={chart.x}
            y={chart.y}
            pointsX={chart.prices}
            describePoint={(index) => {
              const point = chart.points[index];
              if (!point || !book) return undefined;
              const isBid = point.side === 'bids';
              return {
                title: formatPriceAtTick(point.price, book.currency, book.tickSize),
                rows: [
                  {
                    label: isBid ? 'Bids (cumulative)' : 'Asks (cumulative)',
                    value: `${formatCoinAmount(point.cumulative)} ${TICKER_SYMBOLS[book.token]}`,
                    color: isBid ? BID_COLOR : ASK_COLOR,
                  },
                ],
              };
            }}
          >
            {(plot) =>
              (['bids', 'asks'] as const).map((side) => {
                const points = chart.points.filter((point) => point.side === side).map((point): Point => [plot.x(point.price), plot.y(point.cumulative)]);
                // Bids hold their amount up to the next, higher price; asks from the previous, lower one.
                const line = stepPath(points, side === 'bids' ? 'after' : 'before');
                const color = side === 'bids' ? BID_COLOR : ASK_COLOR;
                return (
                  <g key={side} data-series={side}>
                    <path d={areaUnder(line, points, plot.y(0))} fill={color} fillOpacity={0.25} />
                    <path d={line} fill="none" stroke={color} />
                  </g>
                );
              })
            }
          </CartesianChart>
        </ChartFigure>
      )}
    </SectionCard>
  );
}
