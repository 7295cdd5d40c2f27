import type { ExplorerListItem } from '@fincrypt/domain';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ExplorerTransactionList } from './explorer-transaction-list.tsx';

/** What the list needs of an infinite query: whether there is an older page, and how to fetch it. */
export interface OlderPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** An address's or a block's transactions, newest first, with "Older transactions" while there are more. */
export function PagedTransactionList({
  items,
  label,
  empty,
  showNetwork,
  pages,
}: {
  items: readonly ExplorerListItem[];
  label: string;
  empty: string;
  showNetwork?: boolean;
  pages: OlderPages;
}) {
  return (
    <>
      <Card className="px-4 sm:px-6">
        <ExplorerTransactionList items={items} label={label} showNetwork={showNetwork} empty={empty} />
      </Card>
      {pages.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" isBusy={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            Older transactions
          </Button>
        </div>
      )}
      {pages.isFetchNextPageError && <Alert tone="error">Could not load older transactions. Try again.</Alert>}
    </>
  );
}
