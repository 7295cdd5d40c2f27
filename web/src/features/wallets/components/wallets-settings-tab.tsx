import { type RpcNetworkView, type WalletView, formatClockTime, formatFiat, shortenAddress } from '@fincrypt/domain';
import { ExternalLink, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCurrencyStore } from '../../preferences/index.ts';
import { usePrices } from '../../prices/index.ts';
import { useRpcNetworks } from '../api/get-rpc-networks.ts';
import { useWallets } from '../api/get-wallets.ts';
import { assetFiatValue, walletAssetBalances } from '../wallet-assets.ts';
import { DisconnectWalletButton } from './disconnect-wallet-dialog.tsx';
import { FaucetButton } from './faucet-button.tsx';
import { MetaMaskSection } from './metamask-section.tsx';
import { NetworkLogo } from './network-logo.tsx';
import { walletExplorerPath } from './wallet-links.ts';

const TYPE_LABELS: Record<WalletView['type'], string> = { ethereum: 'Ethereum', solana: 'Solana' };

/** Each asset's balance with its worth in the display currency, the coin first. */
function WalletBalances({ wallet }: { wallet: WalletView }) {
  const currency = useCurrencyStore((state) => state.currency);
  const { prices } = usePrices();
  return (
    <ul aria-label={`${wallet.networkLabel} balances`} className="space-y-0.5 text-right">
      {walletAssetBalances(wallet).map((entry) => {
        const value = assetFiatValue(entry, prices, currency);
        return (
          <li key={entry.asset} data-testid="settings-wallet-asset" data-asset={entry.asset}>
            <span className="font-semibold tabular-nums">
              {entry.balance} {entry.symbol}
            </span>
            {value !== undefined && (
              <span className="ml-2 text-sm text-slate-600 tabular-nums dark:text-slate-300" data-testid="settings-wallet-fiat">
                ≈ {formatFiat(value, currency)}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

interface WalletRowProps {
  wallet: WalletView;
  /** The wallet's network as GET /rpc lists it: it has a JSON-RPC endpoint, so MetaMask can use the wallet. */
  rpcNetwork: RpcNetworkView | undefined;
  isDemoAccount: boolean;
}

function WalletRow({ wallet, rpcNetwork, isDemoAccount }: WalletRowProps) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 py-4" data-testid="settings-wallet">
      <NetworkLogo network={wallet.network} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{wallet.networkLabel}</span>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            {TYPE_LABELS[wallet.type]} wallet
          </span>
        </p>
        <p className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-300">
          <span className="font-mono" title={wallet.address}>
            {shortenAddress(wallet.address)}
          </span>
          <CopyButton value={wallet.address} label={`Copy ${wallet.networkLabel} address`} successMessage="Address copied to clipboard" />
        </p>
      </div>
      <WalletBalances wallet={wallet} />
      <div className="flex items-center gap-1">
        <Link
          to={walletExplorerPath(wallet.address)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`View ${wallet.networkLabel} wallet in block explorer (opens in a new tab)`}
          className="inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-indigo-950"
        >
          <ExternalLink aria-hidden className="h-4 w-4" />
          Explorer
        </Link>
        <DisconnectWalletButton wallet={wallet} />
      </div>
      <FaucetButton wallet={wallet} className="basis-full sm:pl-14" />
      {rpcNetwork && wallet.type === 'ethereum' && <MetaMaskSection wallet={wallet} network={rpcNetwork} isDemoAccount={isDemoAccount} />}
    </li>
  );
}

/**
 * Account Settings → Wallets: every connected wallet, with a refresh that says when it last looked; an EVM wallet on a
 * network with a JSON-RPC endpoint can be used in MetaMask (and a demo account's shows its shared test key).
 */
export function WalletsSettingsTab({ isDemoAccount = false }: { isDemoAccount?: boolean }) {
  const wallets = useWallets();
  const rpcNetworks = useRpcNetworks();
  const [isRefreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    const result = await wallets.refetch();
    setRefreshing(false);
    if (result.isError) toast.error('Failed to refresh wallets');
    else toast.success('Wallets refreshed');
  };

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Connected Wallets</h2>
        <div className="flex items-center gap-3">
          {wallets.dataUpdatedAt > 0 && (
            <p className="text-sm text-slate-600 dark:text-slate-300">Last updated {formatClockTime(wallets.dataUpdatedAt)}</p>
          )}
          <Button size="sm" variant="outline" isBusy={isRefreshing} onClick={() => void refresh()}>
            {!isRefreshing && <RefreshCw aria-hidden className="h-4 w-4" />}
            Refresh
          </Button>
        </div>
      </div>

      {wallets.isPending ? (
        <p role="status" className="py-6 text-slate-600 dark:text-slate-300">
          Loading wallets...
        </p>
      ) : wallets.isError && !wallets.data ? (
        <Alert tone="error" className="mt-4">
          Could not load your wallets.
        </Alert>
      ) : wallets.data.length === 0 ? (
        <p className="py-6 text-slate-600 dark:text-slate-300">
          No wallets found.{' '}
          <Link to="/dashboard" className="font-medium text-indigo-700 underline dark:text-indigo-300">
            Add a wallet from the dashboard
          </Link>
          .
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
          {wallets.data.map((wallet) => (
            <WalletRow
              key={wallet.id}
              wallet={wallet}
              rpcNetwork={rpcNetworks.data?.find((network) => network.network === wallet.network)}
              isDemoAccount={isDemoAccount}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
