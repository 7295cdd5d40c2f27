import { useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import {
  AddressLabel,
  ChainFactsCard,
  ExplorerPageHeader,
  ReplacedTransaction,
  ReplacementNotice,
  SignedTransactionCard,
} from '../../features/explorer/index.ts';
import {
  ExplorerStatusCard,
  ExplorerValueFacts,
  TransactionFactsCard,
  TransactionNotFound,
  TransactionTimeline,
  isNotFound,
  useExplorerTransaction,
} from '../../features/transactions/index.ts';
import { useDeferredAnswer } from '../../lib/use-deferred-answer.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/**
 * The public block-explorer view of any transaction, by hash; it follows the confirmations until 12. Its addresses and
 * block link to their explorer pages, an EVM transaction shows its nonce, gas and decoded token call, and the signed
 * transaction lets anyone check its hash and signer. A hash a speed-up replaced has a page of its own, marked Replaced,
 * linking its replacement.
 */
export default function ExplorerPage() {
  const { hash = '' } = useParams();
  const transaction = useExplorerTransaction(hash);
  // The answer renders deferred, in slices (useDeferredAnswer): the page's one large render. Never the last hash's.
  const { data } = useDeferredAnswer(transaction, hash);
  const isMissing = transaction.isError && isNotFound(transaction.error);
  usePageTitle(isMissing ? 'Transaction Not Found' : 'Transaction Explorer');

  if (isMissing) return <TransactionNotFound hash={hash} />;

  return (
    <section className="mx-auto max-w-4xl space-y-6">
      <ExplorerPageHeader title="Transaction" />
      {data?.replacedBy ? (
        <div className="space-y-6">
          <ReplacedTransaction transaction={data} />
          <ChainFactsCard transaction={data} />
          <TransactionTimeline steps={data.timeline} />
        </div>
      ) : data ? (
        <div className="space-y-6">
          <ReplacementNotice transaction={data} />
          <ExplorerStatusCard transaction={data} />
          <TransactionFactsCard
            variant="explorer"
            transaction={data}
            valueFacts={<ExplorerValueFacts transaction={data} />}
            addressNote={(address) => <AddressLabel network={data.network} address={address} />}
          />
          <ChainFactsCard transaction={data} />
          <SignedTransactionCard transaction={data} />
          <TransactionTimeline steps={data.timeline} />
        </div>
      ) : transaction.isError ? (
        <Alert tone="error">Could not load this transaction. It will be tried again when you come back to this tab.</Alert>
      ) : (
        <div role="status">
          <span className="sr-only">Loading the transaction</span>
          <Skeleton className="h-80 rounded-xl" />
        </div>
      )}
    </section>
  );
}
