import { NETWORKS, listNetworks } from '@fincrypt/domain';
import { Search, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { FILTER_ASSETS, type TransactionFilterValues as Filters } from '../filters.ts';

export interface TransactionFiltersProps {
  filters: Filters;
  /** What is typed in the search box; it reaches `filters.search` after a short pause. */
  searchText: string;
  onSearchTextChange: (text: string) => void;
  onChange: (next: Partial<Filters>) => void;
  onClear: () => void;
  isActive: boolean;
  today: string;
}

/** What the search box suggests: EVM hashes and addresses start with 0x, Solana ones are base58. */
function searchPlaceholder(network: Filters['network']): string {
  if (network === '') return '0x… or Solana hash / address';
  return NETWORKS[network].family === 'solana' ? 'Solana hash or address' : '0x… hash or address';
}

/** Search, type, status, network, asset and the date range; 'Clear Filters' appears while any of them narrows the list. */
export function TransactionFilters({ filters, searchText, onSearchTextChange, onChange, onClear, isActive, today }: TransactionFiltersProps) {
  return (
    <form role="search" aria-label="Filter transactions" onSubmit={(event) => event.preventDefault()} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 2xl:grid-cols-[minmax(0,2fr)_repeat(6,minmax(0,1fr))]">
        <Field label="Search" hint="Hash, from or to address">
          {(control) => (
            <div className="relative">
              <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" />
              <Input
                {...control}
                type="search"
                value={searchText}
                onChange={(event) => onSearchTextChange(event.target.value)}
                placeholder={searchPlaceholder(filters.network)}
                autoComplete="off"
                spellCheck={false}
                className="pl-9"
              />
            </div>
          )}
        </Field>
        <Field label="Type">
          {(control) => (
            <Select {...control} value={filters.type} onChange={(event) => onChange({ type: event.target.value as Filters['type'] })}>
              <option value="">All Types</option>
              <option value="send">Sent</option>
              <option value="receive">Received</option>
              <option value="mint">Test funds</option>
            </Select>
          )}
        </Field>
        <Field label="Status">
          {(control) => (
            <Select {...control} value={filters.status} onChange={(event) => onChange({ status: event.target.value as Filters['status'] })}>
              <option value="">All Status</option>
              <option value="pending">Pending</option>
              <option value="confirmed">Confirmed</option>
              <option value="failed">Failed</option>
            </Select>
          )}
        </Field>
        <Field label="Network">
          {(control) => (
            <Select {...control} value={filters.network} onChange={(event) => onChange({ network: event.target.value as Filters['network'] })}>
              <option value="">All Networks</option>
              {listNetworks().map((network) => (
                <option key={network.id} value={network.id}>
                  {network.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Asset">
          {(control) => (
            <Select {...control} value={filters.asset} onChange={(event) => onChange({ asset: event.target.value })}>
              <option value="">All assets</option>
              {FILTER_ASSETS.map((symbol) => (
                <option key={symbol} value={symbol}>
                  {symbol}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {/* "Start date"/"End date", not "From"/"To": those name the address fields of a transaction. */}
        <Field label="Start date">
          {(control) => (
            <Input {...control} type="date" value={filters.from} max={filters.to} onChange={(event) => onChange({ from: event.target.value })} />
          )}
        </Field>
        <Field label="End date">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={filters.to}
              min={filters.from || undefined}
              max={today}
              // An emptied end date means "up to today", the default.
              onChange={(event) => onChange({ to: event.target.value || today })}
            />
          )}
        </Field>
      </div>
      {isActive && (
        <Button variant="outline" size="sm" onClick={onClear}>
          <X aria-hidden className="h-4 w-4" />
          Clear Filters
        </Button>
      )}
    </form>
  );
}
