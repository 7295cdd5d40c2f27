import { type WalletView, formatFiat, formatPercentChange, shortenAddress } from '@fincrypt/domain';
import { ArrowDownLeft, ArrowUpRight, ExternalLink, TrendingDown, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useCurrencyStore } from '../../preferences/index.ts';
import { usePrices } from '../../prices/index.ts';
import { type WalletAssetBalance, walletAssetBalances } from '../wallet-assets.ts';
import { DisconnectWalletButton } from './disconnect-wallet-dialog.tsx';
import { FaucetButton } from './faucet-button.tsx';
import { NetworkLogo } from './network-logo.tsx';
import { walletExplorerPath } from './wallet-links.ts';

/** The coin balance's worth in the display currency and the coin's 24h change. */
function WalletFiat({ entry }: { entry: WalletAssetBalance }) {
  const currency = useCurrencyStore((state) => state.currency);
  const { prices } = usePrices();
  const price = prices?.[entry.priceTokenId];
  if (!price) {
    return (
      <div role="status" className="mt-1">
        <span className="sr-only">Loading the fiat value</span>
        <Skeleton className="h-5 w-40" />
      </div>
    );
  }
  const isDown = price.change24h < 0;
  const Trend = isDown ? TrendingDown : TrendingUp;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="text-slate-700 tabular-nums dark:text-slate-200" data-testid="wallet-fiat">
        ≈ {formatFiat(Number(entry.balance) * price.prices[currency], currency)}
      </span>
      <span
        className={cn(
          'inline-flex items-center gap-1 font-medium tabular-nums',
          isDown ? 'text-red-700 dark:text-red-400' : 'text-green-700 dark:text-green-400',
        )}
      >
        <Trend aria-hidden className="h-4 w-4" />
        {formatPercentChange(price.change24h)}
        <span className="text-slate-600 dark:text-slate-300">24h</span>
      </span>
    </p>
  );
}

/**
 * What is on its way in on a real chain (a payment or test funds no block has included yet): shown apart, since the
 * balance counts it, and it can be spent, only once a block includes it.
 */
function Incoming({ entry }: { entry: WalletAssetBalance }) {
  if (entry.incoming === undefined) return null;
  return (
    <span className="block basis-full text-sm text-amber-800 tabular-nums dark:text-amber-300" data-testid="wallet-incoming">
      +{entry.incoming} {entry.symbol} incoming, spendable once in a block
    </span>
  );
}

/** A token's balance (e.g. "1000.00 USDC") and its worth in the display currency. */
function TokenBalance({ entry }: { entry: WalletAssetBalance }) {
  const currency = useCurrencyStore((state) => state.currency);
  const { prices } = usePrices();
  const price = prices?.[entry.priceTokenId];
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1" data-testid="wallet-token" data-asset={entry.asset}>
      <span className="font-semibold tabular-nums break-all" data-testid="wallet-token-balance">
        {entry.balance} <span className="text-sm text-slate-600 dark:text-slate-300">{entry.symbol}</span>
      </span>
      {price ? (
        <span className="text-sm text-slate-700 tabular-nums dark:text-slate-200" data-testid="wallet-token-fiat">
          ≈ {formatFiat(Number(entry.balance) * price.prices[currency], currency)}
        </span>
      ) : (
        <span role="status">
          <span className="sr-only">Loading the fiat value</span>
          <Skeleton className="h-4 w-24" />
        </span>
      )}
      <Incoming entry={entry} />
    </li>
  );
}

/** Opens Send or Receive with this wallet chosen: the page that shows the cards decides how (wallets do not know that page). */
export type OpenSendReceive = (action: 'send' | 'receive', walletId: string) => void;

/**
 * A dashboard wallet: network, address with copy and explorer link, the coin's balance and value, each token's
 * balance and value, and its actions (Send, Receive, Disconnect, Get test funds).
 */
export function WalletCard({ wallet, onSendReceive }: { wallet: WalletView; onSendReceive: OpenSendReceive }) {
  const assets = walletAssetBalances(wallet);
  const coin = assets.find((entry) => entry.kind === 'native') ?? assets[0]!;
  const tokens = assets.filter((entry) => entry !== coin);
  const openSendReceive = (action: 'send' | 'receive') => onSendReceive(action, wallet.id);
  const headingId = `wallet-${wallet.id}-heading`;

  return (
    <Card className="flex h-full flex-col p-5" role="article" aria-labelledby={headingId} data-testid="wallet-card">
      <div className="flex items-start gap-3">
        <NetworkLogo network={wallet.network} />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="font-semibold">
            {wallet.networkLabel}
          </h3>
          <p className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-300">
            <span className="font-mono" title={wallet.address}>
              {shortenAddress(wallet.address)}
            </span>
            <CopyButton value={wallet.address} label={`Copy ${wallet.networkLabel} address`} successMessage="Address copied to clipboard" />
            <Link
              to={walletExplorerPath(wallet.address)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`View ${wallet.networkLabel} wallet in block explorer (opens in a new tab)`}
              title="View in block explorer"
              className="inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-slate-100"
            >
              <ExternalLink aria-hidden className="h-4 w-4" />
            </Link>
          </p>
        </div>
      </div>

      <p className="mt-4 text-2xl font-bold tabular-nums break-all" data-testid="wallet-balance">
        {coin.balance} <span className="text-base font-semibold text-slate-600 dark:text-slate-300">{coin.symbol}</span>
      </p>
      <Incoming entry={coin} />
      <WalletFiat entry={coin} />
      {tokens.length > 0 && (
        <ul aria-label={`${wallet.networkLabel} tokens`} className="mt-3 space-y-1 border-t border-slate-200 pt-3 dark:border-slate-700">
          {tokens.map((entry) => (
            <TokenBalance key={entry.asset} entry={entry} />
          ))}
        </ul>
      )}

      <div className="mt-5 flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={() => openSendReceive('send')} aria-label={`Send from ${wallet.networkLabel} wallet`}>
          <ArrowUpRight aria-hidden className="h-4 w-4" />
          Send
        </Button>
        <Button size="sm" variant="outline" onClick={() => openSendReceive('receive')} aria-label={`Receive to ${wallet.networkLabel} wallet`}>
          <ArrowDownLeft aria-hidden className="h-4 w-4" />
          Receive
        </Button>
        <div className="ml-auto">
          <DisconnectWalletButton wallet={wallet} />
        </div>
      </div>
      <FaucetButton wallet={wallet} className="mt-3" />
    </Card>
  );
}
