import { type WalletView, formatDateTime } from '@fincrypt/domain';
import { Droplets } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useClaimFaucet } from '../api/claim-faucet.ts';
import { useFaucetWait } from '../hooks/use-faucet-wait.ts';

/** "Next test funds available Nov 25, 2026, 4:31 PM" (the browser's time zone). */
export function nextFaucetMessage(availableAt: Date): string {
  return `Next test funds available ${formatDateTime(availableAt)}`;
}

/**
 * "Get test funds" for a wallet (the faucet: test coins and USDC, once a day). While the wallet waits for its
 * next claim the button is disabled and says until when.
 */
export function FaucetButton({ wallet, size = 'sm', className }: { wallet: WalletView; size?: 'sm' | 'md'; className?: string }) {
  const claim = useClaimFaucet();
  const { isWaiting, availableAt } = useFaucetWait(wallet.nextFaucetAt);
  const noteId = useId();
  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1', className)} data-testid="faucet">
      <Button
        size={size}
        variant="outline"
        isBusy={claim.isPending}
        disabled={isWaiting}
        aria-label={`Get test funds for ${wallet.networkLabel} wallet`}
        aria-describedby={isWaiting ? noteId : undefined}
        onClick={() => claim.mutate(wallet)}
      >
        {!claim.isPending && <Droplets aria-hidden className="h-4 w-4" />}
        Get test funds
      </Button>
      {isWaiting && availableAt && (
        <p id={noteId} className="text-xs text-slate-600 dark:text-slate-300" data-testid="faucet-next">
          {nextFaucetMessage(availableAt)}
        </p>
      )}
    </div>
  );
}
