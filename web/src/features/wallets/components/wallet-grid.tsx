import { RefreshCw } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useDeferredAnswer } from '../../../lib/use-deferred-answer.ts';
import { useWallets } from '../api/get-wallets.ts';
import { AddWalletButton } from './add-wallet-dialog.tsx';
import { type OpenSendReceive, WalletCard } from './wallet-card.tsx';
import { WalletsTotal } from './wallets-total.tsx';

/** The dashboard's 'Your Wallets': loading text, the empty state, or a grid of wallet cards, and Add Wallet. */
export function WalletGrid({ onSendReceive }: { onSendReceive: OpenSendReceive }) {
  const wallets = useWallets();
  // The cards render in slices once the answer is in (the loading text showing till then).
  const answer = useDeferredAnswer(wallets);
  const list = answer.data ?? [];

  return (
    <section aria-labelledby="your-wallets-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="your-wallets-heading" className="text-xl font-semibold">
          Your Wallets
        </h2>
        {answer.data && list.length > 0 && (
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <WalletsTotal wallets={list} />
            <AddWalletButton wallets={list} />
          </div>
        )}
      </div>

      {answer.isWaiting ? (
        // As tall as the three wallet cards a new account has (coin, USDC and the faucet; one, two or three to a
        // row), so the page below does not jump when they arrive.
        <div className="min-h-[1097px] sm:min-h-[726px] lg:min-h-[646px] xl:min-h-[315px]">
          <p role="status" className="py-8 text-center text-slate-600 dark:text-slate-300">
            Loading wallets...
          </p>
        </div>
      ) : !answer.data ? (
        <Alert tone="error">
          <p>Could not load your wallets.</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void wallets.refetch()}>
            <RefreshCw aria-hidden className="h-4 w-4" />
            Try again
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="text-slate-700 dark:text-slate-200">No wallets found. Add a wallet to get started.</p>
          <div className="mt-4 flex justify-center">
            <AddWalletButton wallets={list} />
          </div>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((wallet) => (
            <li key={wallet.id} className="min-w-0">
              <WalletCard wallet={wallet} onSendReceive={onSendReceive} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
