import { type RpcNetworkView, type WalletView, shortenAddress } from '@fincrypt/domain';
import { KeyRound } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTestKey } from '../api/get-test-key.ts';

function TestKey({ wallet, network }: { wallet: WalletView; network: RpcNetworkView }) {
  const testKey = useTestKey(wallet.id);
  if (testKey.isPending) {
    return (
      <p role="status" className="text-slate-600 dark:text-slate-300">
        Loading the test key...
      </p>
    );
  }
  if (testKey.isError) {
    const { error } = testKey;
    return <Alert>{error instanceof ApiError && error.status < 500 ? error.message : 'Could not load the test key. Please try again.'}</Alert>;
  }
  const { address, privateKey } = testKey.data;
  return (
    <div className="space-y-3">
      <Alert tone="warning">
        A shared test key with no real value: everyone who signs in to this demo account can see it. Use it on the test networks only,
        and never send real funds to this address.
      </Alert>
      <dl className="space-y-2">
        <div>
          <dt className="font-medium">Private key</dt>
          <dd className="flex items-center gap-1">
            <code className="min-w-0 font-mono text-xs break-all" data-testid="test-key">
              {privateKey}
            </code>
            <CopyButton value={privateKey} label={`Copy the ${wallet.networkLabel} wallet's test key`} successMessage="Test key copied to clipboard" />
          </dd>
        </div>
        <div>
          <dt className="font-medium">Address</dt>
          <dd className="font-mono text-xs break-all">{address}</dd>
        </div>
      </dl>
      <ol className="list-decimal space-y-1 pl-5" aria-label="Import it into MetaMask">
        <li>
          In MetaMask, open the account list, choose to add an account, then <strong>Import account</strong>.
        </li>
        <li>
          Select <strong>Private key</strong> as the type, paste the key and choose <strong>Import</strong>.
        </li>
        <li>
          Switch MetaMask to <strong>{network.name}</strong>: the imported account is {shortenAddress(address)}, this wallet.
        </li>
      </ol>
    </div>
  );
}

/** A demo account's "Show test key": the wallet's shared private key to import into MetaMask, asked for when opened. */
export function TestKeyDisclosure({ wallet, network }: { wallet: WalletView; network: RpcNetworkView }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Collapsible.Root open={isOpen} onOpenChange={setOpen} className="rounded-md border border-slate-200 text-sm dark:border-slate-700">
      <Collapsible.Trigger
        aria-label={`${isOpen ? 'Hide' : 'Show'} test key of the ${wallet.networkLabel} wallet`}
        className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left font-medium hover:bg-slate-50 dark:hover:bg-slate-800"
      >
        <KeyRound aria-hidden className="h-4 w-4 shrink-0" />
        {isOpen ? 'Hide test key' : 'Show test key'}
      </Collapsible.Trigger>
      {/* Closed, the content is not rendered: the key is asked for on opening and leaves the page on closing. */}
      <Collapsible.Content className="px-3 pb-3">
        <TestKey wallet={wallet} network={network} />
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
