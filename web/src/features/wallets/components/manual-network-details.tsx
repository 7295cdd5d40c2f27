import type { RpcNetworkView } from '@fincrypt/domain';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { manualNetworkDetails } from '../add-to-metamask.ts';

/** Without a wallet in this browser: what to type into a wallet's "Add a network manually" form, each with a copy button. */
export function ManualNetworkDetails({ network }: { network: RpcNetworkView }) {
  return (
    <div role="group" aria-label={`${network.name} network details`} className="text-sm">
      <p className="text-slate-600 dark:text-slate-300">No wallet extension found in this browser. To add {network.name} to MetaMask by hand, use:</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] items-center gap-x-3">
        {manualNetworkDetails(network, window.location.origin).map(({ label, value }) => (
          <div key={label} className="contents">
            <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="flex min-w-0 items-center gap-1">
              <span className="font-mono break-all">{value}</span>
              <CopyButton value={value} label={`Copy ${label}`} successMessage={`${label} copied to clipboard`} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
