import { useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { NoWalletsAvailable, SendReceiveTabs, readSendReceiveState } from '../../features/send-receive/index.ts';
import { useWallets } from '../../features/wallets/index.ts';
import { useDeferredAnswer } from '../../lib/use-deferred-answer.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /send-receive; other screens open it with the location state { action: 'send' | 'receive', walletId }. */
export default function SendReceivePage() {
  usePageTitle('Send & Receive');
  const location = useLocation();
  const wallets = useWallets();
  // The form is the page's largest render: it renders in slices once the answer is in, the spinner showing till then.
  const { data: walletList, isWaiting } = useDeferredAnswer(wallets);
  const { tab, walletId, prefill } = readSendReceiveState(location.state);

  return (
    <section className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-3xl font-bold">Send &amp; Receive</h1>
      {isWaiting ? (
        <p role="status" className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
          <Spinner />
          Loading wallets...
        </p>
      ) : wallets.isError ? (
        <Alert tone="error">
          <p>{`Could not load your wallets: ${wallets.error.message}`}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void wallets.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : walletList === undefined || walletList.length === 0 ? (
        <NoWalletsAvailable />
      ) : (
        // A new navigation here (say, Receive on another wallet card) starts over with its own state.
        <SendReceiveTabs key={location.key} wallets={walletList} initialTab={tab} initialWalletId={walletId} prefill={prefill} />
      )}
    </section>
  );
}
