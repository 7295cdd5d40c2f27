import { formatInteger } from '@fincrypt/domain';
import type { ExplorerAddress } from '@fincrypt/domain';
import { Card } from '../../../components/ui/card.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { QrCode } from '../../../components/ui/qr-code.tsx';

/** The QR code's side: large enough to scan from a screen, small enough to sit beside the address at 375 px. */
export const ADDRESS_QR_SIZE_PX = 160;

/**
 * "3 transactions", or "1,000+ transactions" when the server stopped counting: a busy address's exact count would
 * read every row it ever had, so the API counts up to a cap and marks the count capped.
 */
export function transactionCountText(count: number, isCapped: boolean): string {
  return `${formatInteger(count)}${isCapped ? '+' : ''} ${count === 1 && !isCapped ? 'transaction' : 'transactions'}`;
}

/**
 * Whether an address's count on a network is capped. The flag is optional in the contract (helper A's refinement of
 * explorer.ts adds it), so it is read only where it is present.
 */
const isCountCapped = (entry: ExplorerAddress['networks'][number]) =>
  'isTransactionCountCapped' in entry && entry.isTransactionCountCapped === true;

/** An address's head: the address in full with copy, its label when it is a simulated participant, and its QR code. */
export function AddressHeader({ address }: { address: ExplorerAddress }) {
  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:p-6">
      <div className="min-w-0 flex-1 space-y-2">
        <p className="text-sm font-medium text-slate-600 dark:text-slate-300">Address</p>
        <p className="flex items-start gap-1">
          <span data-testid="explorer-address" className="min-w-0 font-mono text-sm break-all">
            {address.address}
          </span>
          <CopyButton value={address.address} label="Copy address" successMessage="Address copied to clipboard" className="-mt-1.5" />
        </p>
        {address.label && (
          <p data-testid="address-label" className="text-sm font-medium text-violet-800 dark:text-violet-300">
            {address.label}
          </p>
        )}
      </div>
      <figure data-testid="address-qr" className="shrink-0 self-center rounded-lg bg-white p-2 sm:self-start">
        <QrCode value={address.address} size={ADDRESS_QR_SIZE_PX} label={`QR code of the address ${address.address}`} />
      </figure>
    </Card>
  );
}

/** Each network the address is valid on: what it holds there (when it is a wallet of these chains) and how many transactions. */
export function AddressNetworks({ address }: { address: ExplorerAddress }) {
  return (
    <section aria-labelledby="address-networks-heading" className="space-y-3">
      <h2 id="address-networks-heading" className="text-lg font-semibold">
        Balances
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {address.networks.map((entry) => (
          <Card key={entry.network} className="p-4" data-testid="address-network" data-network={entry.network}>
            <h3 className="font-semibold">{entry.networkLabel}</h3>
            <p className="text-sm text-slate-600 dark:text-slate-300">{transactionCountText(entry.transactionCount, isCountCapped(entry))}</p>
            {entry.balances === null ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Not a wallet of this test network: no balance is kept here.</p>
            ) : (
              <dl className="mt-2 space-y-1">
                {entry.balances.map((balance) => (
                  <div key={balance.asset} className="flex items-baseline justify-between gap-3">
                    <dt className="text-sm text-slate-600 dark:text-slate-300">{balance.asset}</dt>
                    <dd className="font-semibold tabular-nums break-all">
                      {balance.balance} {balance.asset}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </Card>
        ))}
      </div>
    </section>
  );
}
