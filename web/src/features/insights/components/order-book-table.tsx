import { type DisplayCurrency, ORDER_BOOK_TABLE_LEVELS, type OrderBookLevel, type OrderBookResponse, type MarketTokenId, TICKER_SYMBOLS } from '@fincrypt/domain';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useOrderBook } from '../api/insights-api.ts';
import { formatCoinAmount, formatPriceAtTick } from '../format.ts';
import { pairOf } from './order-book-pair.ts';
import { QueryError } from './query-error.tsx';
import { INSIGHTS_SECTIONS } from '../section-summaries.ts';
import { SectionCard } from './section-card.tsx';

function OrderSideTable({
  title,
  levels,
  book,
  tone,
}: {
  title: string;
  levels: readonly OrderBookLevel[];
  book: OrderBookResponse;
  tone: 'bid' | 'ask';
}) {
  const symbol = TICKER_SYMBOLS[book.token];
  const currencyCode = book.currency.toUpperCase();
  return (
    <table className="w-full text-sm tabular-nums">
      <caption className="pb-2 text-left font-semibold">{title}</caption>
      <thead>
        <tr className="text-left text-xs text-slate-600 dark:text-slate-300">
          <th scope="col" className="py-1 pr-2 font-medium">
            Price ({currencyCode})
          </th>
          <th scope="col" className="py-1 pr-2 text-right font-medium">
            Amount ({symbol})
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Total ({currencyCode})
          </th>
        </tr>
      </thead>
      <tbody>
        {levels.map((level) => (
          <tr key={level.price} className="border-t border-slate-100 dark:border-slate-800">
            <td className={cn('py-1 pr-2 font-mono', tone === 'bid' ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400')}>
              {formatPriceAtTick(level.price, book.currency, book.tickSize)}
            </td>
            <td className="py-1 pr-2 text-right font-mono">{formatCoinAmount(level.amount)}</td>
            <td className="py-1 text-right font-mono">{formatPriceAtTick(level.total, book.currency, 0.01)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The 10 best bids and asks of the simulated book. */
export function OrderBookTable({ token, currency }: { token: MarketTokenId; currency: DisplayCurrency }) {
  const orderBook = useOrderBook(token, currency);
  const book = orderBook.data;
  return (
    <SectionCard title={book ? `Order Book · ${pairOf(book)}` : 'Order Book'} summary={INSIGHTS_SECTIONS.orderBook.summary}>
      {orderBook.isError && !book ? (
        <QueryError what="the order book" />
      ) : !book ? (
        <div role="status">
          <span className="sr-only">Loading the order book</span>
          <Skeleton className="h-64" />
        </div>
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="overflow-x-auto">
              <OrderSideTable title="Bids (buy)" levels={book.bids.slice(0, ORDER_BOOK_TABLE_LEVELS)} book={book} tone="bid" />
            </div>
            <div className="overflow-x-auto">
              <OrderSideTable title="Asks (sell)" levels={book.asks.slice(0, ORDER_BOOK_TABLE_LEVELS)} book={book} tone="ask" />
            </div>
          </div>
          <p className="mt-3 text-xs text-slate-600 dark:text-slate-300">
            Simulated around the current price; it changes once a minute at most.
          </p>
        </>
      )}
    </SectionCard>
  );
}
