import { type WalletView, shortenAddress } from '@fincrypt/domain';
import { AlertDialog } from 'radix-ui';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import type { DeferredDialogProps } from '../../../components/ui/deferred-dialog.ts';
import { dialogContentClassName, dialogOverlayClassName } from '../../../components/ui/styles.ts';
import { useDisconnectWallet } from '../api/wallet-mutations.ts';
import { walletAssetBalances } from '../wallet-assets.ts';

/** "its balances of 100.0000 ETH and 1000.00 USDC": every balance the wallet holds. */
function balancesPhrase(wallet: WalletView): string {
  const parts = walletAssetBalances(wallet).map((entry) => `${entry.balance} ${entry.symbol}`);
  const last = parts.pop() ?? '';
  return parts.length > 0 ? `its balances of ${parts.join(', ')} and ${last}` : `its balance of ${last}`;
}

/** 'Disconnect wallet?', opened by 'Disconnect' (disconnect-wallet-dialog.tsx) and loaded on first open. */
export default function ConfirmDisconnectDialog({ wallet, ...dialog }: DeferredDialogProps & { wallet: WalletView }) {
  const disconnect = useDisconnectWallet();
  return (
    <AlertDialog.Root open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClassName} />
        <AlertDialog.Content className={dialogContentClassName} onCloseAutoFocus={dialog.onCloseAutoFocus}>
          <AlertDialog.Title className="text-lg font-semibold">Disconnect wallet?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            Your {wallet.networkLabel} wallet {shortenAddress(wallet.address)} and {balancesPhrase(wallet)} will
            no longer be shown here. Its transactions stay in the explorer. Connecting {wallet.networkLabel} again creates a new
            wallet with a new address.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClassName({ variant: 'outline' })}>Cancel</AlertDialog.Cancel>
            <Button
              variant="danger"
              isBusy={disconnect.isPending}
              onClick={() => disconnect.mutate(wallet, { onSettled: () => dialog.onOpenChange(false) })}
            >
              Disconnect
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
