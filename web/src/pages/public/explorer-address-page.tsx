import { useParams, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import {
  AddressHeader,
  AddressNetworks,
  ExplorerPageHeader,
  PagedTransactionList,
  NetworkFilter,
  networkFromSearch,
  useExplorerAddress,
  useExplorerFeed,
} from '../../features/explorer/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** An address as a chain shows it: its networks and balances, its QR code, and its transactions newest first, a page at a time. */
export default function ExplorerAddressPage() {
  const { address = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const network = networkFromSearch(searchParams.get('network'));
  const query = useExplorerAddress(address, network);
  // Live: a payment to or from this address reads the page again.
  useExplorerFeed();
  // The answer renders as it arrives, not deferred: its note or balances are the page's largest paint, which a deferred
  // render put later, and Lighthouse scored the page lower in every set (decision 027, amended in the nineteenth session).
  const { data } = query;
  const first = data?.pages[0];
  const refused = query.isError && query.error instanceof ApiError && query.error.status < 500 ? query.error : undefined;
  usePageTitle(refused ? 'Address Not Found' : 'Address');

  const items = data?.pages.flatMap((page) => page.transactions.items) ?? [];
  const validNetworks = first?.networks.map((entry) => entry.network) ?? [];

  return (
    <section className="mx-auto max-w-5xl space-y-6">
      <ExplorerPageHeader title="Address" />
      {first ? (
        <>
          <AddressHeader address={first} />
          <AddressNetworks address={first} />
          <section aria-labelledby="address-transactions-heading" className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="address-transactions-heading" className="text-lg font-semibold">
                Transactions
              </h2>
              {validNetworks.length > 1 && (
                <NetworkFilter
                  value={network}
                  networks={validNetworks}
                  onChange={(next) => setSearchParams(next ? { network: next } : {}, { replace: true, preventScrollReset: true })}
                />
              )}
            </div>
            <PagedTransactionList items={items} label="Transactions of this address" empty="No transactions to or from this address yet." pages={query} />
          </section>
        </>
      ) : refused ? (
        <Alert tone="error">
          <p className="font-medium">{refused.message}</p>
          <p className="mt-1 font-mono break-all">{address}</p>
        </Alert>
      ) : query.isError ? (
        <Alert tone="error">Could not load this address. Try again in a moment.</Alert>
      ) : (
        <div role="status" className="space-y-4">
          <span className="sr-only">Loading the address</span>
          <Skeleton className="h-44 rounded-xl" />
          <Skeleton className="h-64 rounded-xl" />
        </div>
      )}
    </section>
  );
}
