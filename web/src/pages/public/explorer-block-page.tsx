import { formatInteger } from '@fincrypt/domain';
import { useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import {
  BlockFacts,
  BlockNavigation,
  ExplorerPageHeader,
  PagedTransactionList,
  emptyBlockText,
  readBlockAddress,
  useExplorerBlock,
  useExplorerFeed,
} from '../../features/explorer/index.ts';
import type { NetworkId } from '@fincrypt/domain';
import { ApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

function BlockContent({ network, number }: { network: NetworkId; number: number }) {
  const query = useExplorerBlock(network, number);
  // Live: a batch this block includes reads the page again.
  useExplorerFeed();
  const first = query.data?.pages[0];
  const refused = query.isError && query.error instanceof ApiError && query.error.status < 500 ? query.error : undefined;
  usePageTitle(refused ? 'Block Not Found' : `Block ${formatInteger(number)}`);
  const items = query.data?.pages.flatMap((page) => page.transactions.items) ?? [];

  if (first) {
    return (
      <>
        <BlockFacts block={first} />
        <BlockNavigation network={network} number={number} headNumber={first.headNumber} />
        <section aria-labelledby="block-transactions-heading" className="space-y-3">
          <h2 id="block-transactions-heading" className="text-lg font-semibold">
            Transactions in this block
          </h2>
          {first.header && first.transactionCount > 0 && (
            <p className="text-sm text-slate-600 dark:text-slate-300">The block counts everyone’s transactions; those listed are FinCrypt’s.</p>
          )}
          <PagedTransactionList items={items} label="Transactions in this block" showNetwork={false} empty={emptyBlockText(first)} pages={query} />
        </section>
      </>
    );
  }
  if (refused) {
    return (
      <>
        <Alert tone="error">{refused.message}</Alert>
        {number > 1 && <BlockNavigation network={network} number={number} headNumber={number - 1} />}
      </>
    );
  }
  if (query.isError) return <Alert tone="error">Could not load this block. Try again in a moment.</Alert>;
  return (
    <div role="status">
      <span className="sr-only">Loading the block</span>
      <Skeleton className="h-72 rounded-xl" />
    </div>
  );
}

/** One block of one network: number, time, the transactions it included, their fees, and the blocks around it. */
export default function ExplorerBlockPage() {
  const params = useParams();
  const block = readBlockAddress(params.network ?? '', params.number ?? '');
  return (
    <section className="mx-auto max-w-5xl space-y-6">
      <ExplorerPageHeader title={block.ok ? `Block ${formatInteger(block.number)}` : 'Block'} />
      {block.ok ? <BlockContent key={`${block.network}:${block.number}`} network={block.network} number={block.number} /> : <InvalidBlock message={block.message} />}
    </section>
  );
}

function InvalidBlock({ message }: { message: string }) {
  usePageTitle('Block Not Found');
  return <Alert tone="error">{message}</Alert>;
}
