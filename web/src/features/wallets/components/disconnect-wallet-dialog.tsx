import type { WalletView } from '@fincrypt/domain';
import { Unplug } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { useDeferredDialog } from '../../../components/ui/deferred-dialog.ts';

const loadConfirmDisconnectDialog = () => import('./confirm-disconnect-dialog.tsx');
const ConfirmDisconnectDialog = lazy(loadConfirmDisconnectDialog);

/**
 * 'Disconnect', confirmed in a dialog first (confirm-disconnect-dialog.tsx, loaded on first open): the wallet leaves
 * the account (its history stays on the chain).
 */
export function DisconnectWalletButton({ wallet, size = 'sm' }: { wallet: WalletView; size?: 'sm' | 'md' }) {
  const dialog = useDeferredDialog(loadConfirmDisconnectDialog);
  return (
    <>
      <button
        {...dialog.buttonProps}
        aria-label={`Disconnect ${wallet.networkLabel} wallet`}
        className={buttonClassName({ variant: 'ghost', size, className: 'text-red-700 hover:text-red-800 dark:text-red-400' })}
      >
        <Unplug aria-hidden className="h-4 w-4" />
        <span>Disconnect</span>
      </button>
      {dialog.hasOpened && (
        <Suspense fallback={null}>
          <ConfirmDisconnectDialog {...dialog.dialogProps} wallet={wallet} />
        </Suspense>
      )}
    </>
  );
}
