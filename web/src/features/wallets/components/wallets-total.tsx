import { type WalletView, formatFiat } from '@fincrypt/domain';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useCurrencyStore } from '../../preferences/index.ts';
import { usePrices } from '../../prices/index.ts';
import { totalFiatValue } from '../wallet-assets.ts';

/** "Total value ≈ ₹…": every asset of every wallet (coins and tokens) in the display currency. */
export function WalletsTotal({ wallets }: { wallets: readonly WalletView[] }) {
  const currency = useCurrencyStore((state) => state.currency);
  const { prices } = usePrices();
  const total = totalFiatValue(wallets, prices, currency);
  return (
    <p className="flex items-baseline gap-2 text-sm text-slate-600 dark:text-slate-300">
      <span>Total value of all assets</span>
      {total === undefined ? (
        <span role="status">
          <span className="sr-only">Loading the total value</span>
          <Skeleton className="inline-block h-6 w-28 align-middle" />
        </span>
      ) : (
        <span className="text-xl font-bold whitespace-nowrap text-slate-900 tabular-nums dark:text-slate-100" data-testid="wallets-total">
          ≈ {formatFiat(total, currency)}
        </span>
      )}
    </p>
  );
}
