import { type NetworkId, type WalletView, listNetworks } from '@fincrypt/domain';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import type { DeferredDialogProps } from '../../../components/ui/deferred-dialog.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { dialogContentClassName, dialogOverlayClassName } from '../../../components/ui/styles.ts';
import { useConnectWallet } from '../api/wallet-mutations.ts';
import { NetworkLogo } from './network-logo.tsx';

/**
 * 'Select Network', opened by 'Add Wallet' (add-wallet-dialog.tsx) and loaded on first open. A network that already
 * has a wallet stays selectable and marked 'Connected': choosing it again gets the server's 'A … wallet is already
 * connected'.
 */
export default function SelectNetworkDialog({ wallets, ...dialog }: DeferredDialogProps & { wallets: readonly WalletView[] }) {
  const [pending, setPending] = useState<NetworkId | null>(null);
  const connect = useConnectWallet();
  const connected = new Set(wallets.map((wallet) => wallet.network));

  const choose = (network: NetworkId) => {
    setPending(network);
    connect.mutate(network, {
      onSuccess: () => dialog.onOpenChange(false),
      onSettled: () => setPending(null),
    });
  };

  return (
    <Dialog.Root open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClassName} />
        <Dialog.Content className={dialogContentClassName} onCloseAutoFocus={dialog.onCloseAutoFocus}>
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">Select Network</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="-m-1 inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <X aria-hidden className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            A new testnet wallet starts with 100.0000 of the network&apos;s coin.
          </Dialog.Description>
          <ul className="mt-4 space-y-2">
            {listNetworks().map((network) => {
              const isConnected = connected.has(network.id);
              return (
                <li key={network.id}>
                  <button
                    type="button"
                    disabled={pending !== null}
                    aria-busy={pending === network.id || undefined}
                    onClick={() => choose(network.id)}
                    className="flex w-full items-center gap-3 rounded-lg border border-slate-200 p-3 text-left hover:border-indigo-400 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:opacity-70 dark:border-slate-700 dark:hover:border-indigo-500 dark:hover:bg-indigo-950"
                  >
                    <NetworkLogo network={network.id} className="h-8 w-8" />
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium">{network.shortName}</span>
                      <span className="block text-sm text-slate-600 dark:text-slate-300">
                        {network.label} · {network.symbol}
                      </span>
                    </span>
                    {pending === network.id ? (
                      <Spinner className="h-4 w-4" />
                    ) : (
                      isConnected && (
                        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                          Connected
                        </span>
                      )
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
