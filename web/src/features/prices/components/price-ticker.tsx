import {
  type DisplayCurrency,
  PRICE_TOKEN_IDS,
  type PriceTokenId,
  TICKER_SYMBOLS,
  formatFiat,
  formatPercentChange,
} from '@fincrypt/domain';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cardClassName } from '../../../components/ui/styles.ts';
import { cn } from '../../../lib/cn.ts';
import { type CoinPrice, usePrices } from '../api/get-prices.ts';

const COIN_NAMES: Record<PriceTokenId, string> = {
  ethereum: 'Ethereum',
  'matic-network': 'Polygon',
  solana: 'Solana',
  'usd-coin': 'USD Coin',
};

function TickerItem({ tokenId, price, currency }: { tokenId: PriceTokenId; price: CoinPrice; currency: DisplayCurrency }) {
  const isDown = price.change24h < 0;
  return (
    <li className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-4 py-3 dark:bg-slate-800">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900 dark:text-slate-100">{TICKER_SYMBOLS[tokenId]}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{COIN_NAMES[tokenId]}</p>
      </div>
      <div className="text-right">
        <p className="font-mono font-semibold text-slate-900 tabular-nums dark:text-slate-100">
          {formatFiat(price.prices[currency], currency)}
        </p>
        <p
          className={cn(
            'inline-flex items-center gap-1 text-sm font-medium tabular-nums',
            isDown ? 'text-red-700 dark:text-red-400' : 'text-green-700 dark:text-green-400',
          )}
        >
          <span aria-hidden>{isDown ? '▼' : '▲'}</span>
          {formatPercentChange(price.change24h)}
          <span className="text-slate-600 dark:text-slate-300">24h</span>
        </p>
      </div>
    </li>
  );
}

/** The home page's strip of ETH, MATIC, SOL and USDC prices in the chosen display currency. */
export function PriceTicker({ currency }: { currency: DisplayCurrency }) {
  const { prices, isLoading } = usePrices();
  return (
    <section aria-labelledby="price-ticker-heading" className={cn(cardClassName, 'p-4 sm:p-6')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="price-ticker-heading" className="text-lg font-semibold">
          Live prices
        </h2>
        <Link to="/insights" className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          View Market Insights
        </Link>
      </div>
      {isLoading || !prices ? (
        <div role="status" className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <span className="sr-only">Loading prices</span>
          {PRICE_TOKEN_IDS.map((tokenId) => (
            <Skeleton key={tokenId} className="h-[4.25rem] rounded-lg" />
          ))}
        </div>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {PRICE_TOKEN_IDS.map((tokenId) => (
            <TickerItem key={tokenId} tokenId={tokenId} price={prices[tokenId]} currency={currency} />
          ))}
        </ul>
      )}
    </section>
  );
}
