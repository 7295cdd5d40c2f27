import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { BlockFacts, BlockNavigation, ExplorerTransactionList, readBlockAddress, useExplorerBlock, useExplorerFeed } from '../../features/explorer/index.ts';
import type { NetworkId } from '@fincrypt/domain';
import { ApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

function BackToExplorer() {
  return (
    <Link to="/explorer" className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
      <ArrowLeft aria-hidden className="h-4 w-4" />
      FinCrypt Explorer
    </Link>
  );
}

function BlockContent({ network, number }: { network: NetworkId; number: number }) {
  const query = useExplorerBlock(network, number);
  // Live: a batch this block includes reads the page again.
  useExplorerFeed();
  const first = query.data?.pages[0];
  const refused = query.isError && query.error instanceof ApiError && query.error.status < 500 ? query.error : undefined;
  usePageTitle(refused ? 'Block Not Found' : `Block ${number.toLocaleString('en-US')}`);
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
          <Card className="px-4 sm:px-6">
            <ExplorerTransactionList items={items} label="Transactions in this block" showNetwork={false} empty="This block included no FinCrypt transaction." />
          </Card>
          {query.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" isBusy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                Older transactions
              </Button>
            </div>
          )}
          {query.isFetchNextPageError && <Alert tone="error">Could not load more transactions. Try again.</Alert>}
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
      <header>
        <BackToExplorer />
        <h1 className="mt-1 text-3xl font-bold">{block.ok ? `Block ${block.number.toLocaleString('en-US')}` : 'Block'}</h1>
      </header>
      {block.ok ? <BlockContent key={`${block.network}:${block.number}`} network={block.network} number={block.number} /> : <InvalidBlock message={block.message} />}
    </section>
  );
}

function InvalidBlock({ message }: { message: string }) {
  usePageTitle('Block Not Found');
  return <Alert tone="error">{message}</Alert>;
}
