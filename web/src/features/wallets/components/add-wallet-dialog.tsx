import type { WalletView } from '@fincrypt/domain';
import { Plus } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { useDeferredDialog } from '../../../components/ui/deferred-dialog.ts';

const loadSelectNetworkDialog = () => import('./select-network-dialog.tsx');
const SelectNetworkDialog = lazy(loadSelectNetworkDialog);

/** 'Add Wallet': opens the 'Select Network' modal, whose code loads on first open (select-network-dialog.tsx). */
export function AddWalletButton({ wallets }: { wallets: readonly WalletView[] }) {
  const dialog = useDeferredDialog(loadSelectNetworkDialog);
  return (
    <>
      <button {...dialog.buttonProps} className={buttonClassName({ size: 'md' })}>
        <Plus aria-hidden className="h-4 w-4" />
        Add Wallet
      </button>
      {dialog.hasOpened && (
        <Suspense fallback={null}>
          <SelectNetworkDialog {...dialog.dialogProps} wallets={wallets} />
        </Suspense>
      )}
    </>
  );
}
