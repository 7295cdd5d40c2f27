import type { NetworkId } from '@fincrypt/domain';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLatestTransactions } from '../api/get-latest-transactions.ts';
import type { FeedState } from '../live/explorer-socket.ts';
import { ExplorerTransactionList } from './explorer-transaction-list.tsx';
import { LiveBadge } from './live-badge.tsx';

/** The newest transactions of every network (or one), arriving live from the public channel. */
export function LatestTransactions({ network, feed }: { network: NetworkId | undefined; feed: FeedState }) {
  const latest = useLatestTransactions(network, feed === 'live');
  return (
    <section aria-labelledby="latest-transactions-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="latest-transactions-heading" className="text-lg font-semibold">
          Latest transactions
        </h2>
        <LiveBadge state={feed} />
      </div>
      <Card className="px-4 sm:px-6">
        {latest.data ? (
          <ExplorerTransactionList
            items={latest.data.items}
            label="Latest transactions"
            showNetwork={network === undefined}
            empty="No transactions yet. New ones appear here as they are sent."
          />
        ) : latest.isError ? (
          <Alert tone="error" className="my-4">
            Could not load the latest transactions.
          </Alert>
        ) : (
          <div role="status" className="space-y-3 py-4">
            <span className="sr-only">Loading the latest transactions</span>
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-14" />
            ))}
          </div>
        )}
      </Card>
    </section>
  );
}
