import type { RpcNetworkView, WalletView } from '@fincrypt/domain';
import { injectedWallet } from '../add-to-metamask.ts';
import { AddToMetaMaskButton } from './add-to-metamask-button.tsx';
import { ManualNetworkDetails } from './manual-network-details.tsx';
import { TestKeyDisclosure } from './test-key-disclosure.tsx';

/**
 * Using an EVM wallet in MetaMask (Account Settings → Wallets): "Add to MetaMask" when the browser has a wallet, else
 * the details to add the network by hand; for a demo account, its shared test key to import.
 */
export function MetaMaskSection({ wallet, network, isDemoAccount }: { wallet: WalletView; network: RpcNetworkView; isDemoAccount: boolean }) {
  const browserWallet = injectedWallet();
  return (
    <section aria-label={`Use the ${wallet.networkLabel} wallet in MetaMask`} className="basis-full space-y-2 sm:pl-14" data-testid="metamask-section">
      {browserWallet ? <AddToMetaMaskButton wallet={browserWallet} network={network} /> : <ManualNetworkDetails network={network} />}
      {isDemoAccount && <TestKeyDisclosure wallet={wallet} network={network} />}
    </section>
  );
}
