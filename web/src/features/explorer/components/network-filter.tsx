import { NETWORKS, NETWORK_IDS, type NetworkId, isNetworkId } from '@fincrypt/domain';
import { useId } from 'react';
import { Select } from '../../../components/ui/select.tsx';

/** The network a page's `?network=` names; undefined (every network) when it names none we know. */
export function networkFromSearch(value: string | null): NetworkId | undefined {
  return isNetworkId(value) ? value : undefined;
}

/** "All networks" or one network: what the explorer's lists and figures show. */
export function NetworkFilter({
  value,
  onChange,
  networks = NETWORK_IDS,
}: {
  value: NetworkId | undefined;
  onChange: (network: NetworkId | undefined) => void;
  networks?: readonly NetworkId[];
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        Network
      </label>
      {/* The control's own look is full width; a filter needs only its longest option's. */}
      <div className="w-48">
        <Select id={id} value={value ?? ''} onChange={(event) => onChange(networkFromSearch(event.target.value))}>
          <option value="">All networks</option>
          {networks.map((network) => (
            <option key={network} value={network}>
              {NETWORKS[network].label}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
