import { type NetworkId, shortenAddress } from '@fincrypt/domain';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { explorerAddressPath } from '../../transactions/index.ts';
import { labelOf, useExplorerLabels } from '../api/get-labels.ts';

export const explorerLinkClass = 'font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300';

/** A simulated participant's public label ("Simulated · Amara Okafor, remitter in Lagos"); nothing for anyone else. */
export function AddressLabel({ network, address, className }: { network: NetworkId; address: string; className?: string }) {
  const labels = useExplorerLabels();
  const label = labelOf(labels.data, network, address);
  if (!label) return null;
  return (
    <span data-testid="address-label" className={cn('block text-xs font-medium text-violet-800 dark:text-violet-300', className)}>
      {label}
    </span>
  );
}

/** An address, shortened, as a link to its explorer page (the full address on hover), with its label when it has one. */
export function AddressLink({ network, address }: { network: NetworkId; address: string }) {
  return (
    <span className="min-w-0">
      <Link to={explorerAddressPath(address)} title={address} className={`${explorerLinkClass} font-mono text-sm`}>
        {shortenAddress(address)}
      </Link>
      <AddressLabel network={network} address={address} />
    </span>
  );
}
