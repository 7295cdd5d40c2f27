import type { PublicPaymentRequest } from '@fincrypt/domain';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { buttonClassName } from '../../components/ui/styles.ts';
import { useSession } from '../../features/auth/index.ts';
import { PayCard, fiatFieldText, usePublicPaymentRequest } from '../../features/payment-requests/index.ts';
import { PREFILL_MESSAGES, type SendPrefill, type SendReceiveNavigationState, walletOnNetwork } from '../../features/send-receive/index.ts';
import { useWallets } from '../../features/wallets/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** What "Pay" puts into the Send form: the request's network, recipient, asset, amount and unit, and its reference. */
export function prefillFor(request: PublicPaymentRequest): SendPrefill {
  return {
    network: request.network,
    to: request.address,
    asset: request.asset,
    ...(request.fiat
      ? { amount: fiatFieldText(request.fiat), amountUnit: { kind: 'recipient' as const, currency: request.fiat.currency } }
      : { amount: request.amount, amountUnit: { kind: 'asset' as const } }),
    reference: request.reference,
    request: { id: request.id, displayName: request.displayName, note: request.note },
  };
}

/** Signed in: Pay opens the Send form prefilled, in the payer's wallet on the request's network. */
function PayAction({ request }: { request: PublicPaymentRequest }) {
  const navigate = useNavigate();
  const wallets = useWallets();
  if (wallets.isPending) return <p className="text-sm text-slate-600 dark:text-slate-400">Loading your wallets…</p>;
  if (wallets.isError) return <Alert tone="error">{`Could not load your wallets: ${wallets.error.message}`}</Alert>;
  const wallet = walletOnNetwork(wallets.data, request.network);
  if (!wallet) {
    return (
      <Alert tone="warning">
        <p>{PREFILL_MESSAGES.noWallet(request.network)}</p>
        <Link to="/dashboard" className="font-medium underline">
          Go to Dashboard
        </Link>
      </Alert>
    );
  }
  const state: SendReceiveNavigationState = { action: 'send', walletId: wallet.id, prefill: prefillFor(request) };
  return (
    <Button size="lg" className="w-full" onClick={() => void navigate('/send-receive', { state })}>
      Pay
    </Button>
  );
}

/** /pay/:id, public: a payment request as its link shows it; signed out, "Sign in to pay" comes back here. */
export default function PayPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const session = useSession();
  const request = usePublicPaymentRequest(id);
  const isMissing = request.isError && request.error instanceof ApiError && request.error.status === 404;
  usePageTitle(isMissing ? 'Payment request not found' : 'Payment request');

  return (
    <section className="mx-auto max-w-xl space-y-6">
      <header>
        <p className="text-sm font-medium text-indigo-700 dark:text-indigo-300">FinCrypt</p>
        <h1 className="text-3xl font-bold">Payment request</h1>
      </header>
      {request.data ? (
        <PayCard
          request={request.data}
          action={
            session.isPending ? null : session.data ? (
              <PayAction request={request.data} />
            ) : (
              <div className="space-y-2 text-center">
                <Link to="/login" state={{ from: location.pathname }} className={buttonClassName({ size: 'lg', className: 'w-full' })}>
                  Sign in to pay
                </Link>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {'New to FinCrypt? '}
                  <Link to="/register" state={{ from: location.pathname }} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                    Create an account
                  </Link>
                  {' and come back here to pay.'}
                </p>
              </div>
            )
          }
        />
      ) : isMissing ? (
        <Alert tone="error">{request.error.message}</Alert>
      ) : request.isError ? (
        <Alert tone="error">
          <p>{`Could not load this request: ${request.error.message}`}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void request.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <div role="status">
          <span className="sr-only">Loading the request</span>
          <Skeleton className="h-72 rounded-xl" />
        </div>
      )}
    </section>
  );
}
