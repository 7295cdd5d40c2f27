import type { RpcNetworkView } from '@fincrypt/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { type AddToWalletOutcome, type InjectedWallet, addNetworkToWallet } from '../add-to-metamask.ts';

/**
 * "Add to MetaMask": asks the browser's wallet to add the network with this app's JSON-RPC endpoint
 * (wallet_addEthereumChain). What the wallet answered is told in a live region.
 */
export function AddToMetaMaskButton({ wallet, network }: { wallet: InjectedWallet; network: RpcNetworkView }) {
  const [isAsking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<AddToWalletOutcome>();
  const add = async () => {
    setAsking(true);
    setOutcome(undefined);
    setOutcome(await addNetworkToWallet(wallet, network, window.location.origin));
    setAsking(false);
  };
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button size="sm" variant="outline" isBusy={isAsking} aria-label={`Add to MetaMask: ${network.name}`} onClick={() => void add()}>
        Add to MetaMask
      </Button>
      <p
        role="status"
        data-testid="metamask-outcome"
        className={cn('text-sm', outcome?.isAdded === false ? 'text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-300')}
      >
        {outcome?.message}
      </p>
    </div>
  );
}
