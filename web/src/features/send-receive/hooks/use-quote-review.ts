import {
  type CreateQuoteRequestInput,
  type DisplayCurrency,
  type FeeQuotesResponse,
  NETWORKS,
  type NetworkId,
  PAYMENT_MESSAGES,
  type PricedPayment,
  type QuoteFixedSide,
  type SendRequestInput,
  type TransactionView,
  type WalletView,
  formatAmountTrimmed,
  shortAmount,
} from '@fincrypt/domain';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import type { PageFocusState } from '../../../lib/use-heading-focus.ts';
import { useRetryWait } from '../../../lib/use-retry-wait.ts';
import { type ContactsNavigationState, getContacts } from '../../contacts/index.ts';
import { type ReceivedQuote, useCreateQuote } from '../api/create-quote.ts';
import { getHasPaidBefore, getPastRecipients } from '../api/get-recipient-history.ts';
import { useSendTransaction } from '../api/send-transaction.ts';
import { type AcknowledgedSend, acknowledgeWarnings, reasonsConfirmedBy } from '../acknowledged-warnings.ts';
import type { PrefilledRequest } from '../apply-prefill.ts';
import { loadSendFormChecks } from '../load-send-form-checks.ts';
import { isQuoteRefusal, isRequestClosed } from '../quote-refusal.ts';
import { type RecipientAssessment, assessRecipient } from '../recipient-assessment.ts';
import { createSendAttempts } from '../send-attempts.ts';
import { describeSendFailure } from '../send-failure.ts';
import type { SendFormHandle, SendFormValues } from '../send-form-values.ts';
import { type SendableAsset, balancesForCheck, maxAmountText, nativeSymbolOf, sendableAssets } from '../send-assets.ts';

/** The review step's state: the firm quote on screen, what it was asked with, and the recipient's warnings. */
export interface Review {
  received: ReceivedQuote;
  request: CreateQuoteRequestInput;
  assessment: RecipientAssessment;
  networkLabel: string;
  /** The server refused the quote at the send (expired, used, unknown): its message. */
  refusal?: string;
  /** The payment request this send pays (its reference goes with the send). */
  paying?: PrefilledRequest;
}

/** What the form showed at the "Review" click: the fee and figures then, not those that arrive while the checks run. */
export interface ReviewClick {
  quotes: FeeQuotesResponse | undefined;
  priced: PricedPayment | undefined;
  isMaxAmount: boolean;
  fixed: QuoteFixedSide;
  senderCurrency: DisplayCurrency;
  recipientCurrency: DisplayCurrency;
  paying: PrefilledRequest | undefined;
}

/** What a successful send's toast adds under its title: what left, on which network. */
function sentDescription(transaction: Pick<TransactionView, 'amount' | 'symbol' | 'network'>): string {
  return `${shortAmount(transaction.amount)} ${transaction.symbol} sent on ${NETWORKS[transaction.network].label}`;
}

/** Why a look-up of the user's history failed does not matter: without it every recipient is unfamiliar. */
async function assessWithHistory(wallet: WalletView, to: string, ownWallets: readonly WalletView[]): Promise<RecipientAssessment> {
  const [pastRecipients, hasPaidBefore, contacts] = await Promise.all([
    getPastRecipients().catch(() => []),
    getHasPaidBefore(wallet.network, to).catch(() => false),
    getContacts().catch(() => []),
  ]);
  return assessRecipient({ network: wallet.network, to, ownWallets, contacts, pastRecipients, hasPaidBefore });
}

/** After a send to someone not yet saved (and not a look-alike, nor one's own wallet): "Save as contact" opens Contacts with them. */
function saveContactOffer(assessment: RecipientAssessment, network: NetworkId, address: string): ContactsNavigationState | undefined {
  if (assessment.kind === 'lookalike' || (assessment.kind === 'familiar' && (assessment.contactName !== undefined || assessment.isOwnWallet))) return undefined;
  return { tab: 'contacts', newContact: { network, address } };
}

/**
 * The domain's send rules against the form's values and the fee on screen at the click; then the firm quote's request.
 * A broken rule is shown at its field and nothing is asked of the server.
 */
async function quoteRequestFor(form: SendFormHandle, wallets: readonly WalletView[], values: SendFormValues, click: ReviewClick) {
  const { checkSend } = await loadSendFormChecks();
  const sender = wallets.find((candidate) => candidate.id === values.walletId);
  const feeQuote = click.quotes?.quotes.find((candidate) => candidate.speed === values.speed);
  // The asset the form shows: the wallet's coin unless another was chosen.
  const symbol = values.asset || (sender ? nativeSymbolOf(sender) : undefined);
  const sentAsset: SendableAsset | undefined = sender ? sendableAssets(sender).find((asset) => asset.symbol === symbol) : undefined;
  const isMax = click.isMaxAmount && feeQuote !== undefined;
  const fixed = isMax ? 'asset' : click.fixed;
  const amount = isMax ? maxAmountText(feeQuote, sentAsset) : values.amount.trim();
  // The send rules need the asset amount: typed, or (typed in money) the indicative one; without prices the
  // server alone checks the amount of a payment typed in money.
  const assetAmount = fixed === 'asset' ? amount : click.priced && sentAsset ? formatAmountTrimmed(click.priced.amountUnits, sentAsset.decimals) : undefined;
  const check = checkSend({
    network: sender?.network,
    from: sender?.address,
    balances: sender ? balancesForCheck(sender, click.quotes) : undefined,
    asset: symbol,
    // Typed in money without prices: the smallest amount, so the other rules (recipient, a balance of nothing) still run.
    amount: assetAmount ?? (sentAsset ? formatAmountTrimmed(1n, sentAsset.decimals) : amount),
    // Without a quote the server charges the fee of the moment; the balance rule is then left to it.
    fee: feeQuote && assetAmount !== undefined ? BigInt(feeQuote.feeUnits) : 0n,
    to: values.to,
  });
  if (!check.ok) {
    form.setError(check.field, { message: check.message });
    return undefined;
  }
  if (!sender) return undefined;
  const request: CreateQuoteRequestInput = {
    walletId: sender.id,
    to: check.to,
    asset: check.asset.symbol,
    speed: values.speed,
    amount,
    fixed,
    senderCurrency: click.senderCurrency,
    recipientCurrency: click.recipientCurrency,
    // The fee beside the form (and the MAX it left) is the fee the firm quote fixes while this one is fresh.
    ...(feeQuote ? { feeQuoteId: feeQuote.quoteId } : {}),
  };
  return { sender, request };
}

/**
 * The Send form's quote review: "Review" checks the send rules and asks the server for a firm quote
 * (POST /api/quotes); the review's "Send Transaction" sends with the quote's id, so the amounts charged are the ones
 * shown. A timed-out send keeps its Idempotency-Key for "Try again" (docs/product.md#payment-system-failures).
 */
export function useQuoteReview(form: SendFormHandle, wallets: readonly WalletView[]) {
  const navigate = useNavigate();
  const sendTransaction = useSendTransaction();
  const createQuote = useCreateQuote();
  // Too many quotes or sends this minute: the server's message (toast) says how long; the button waits that long.
  const sendWait = useRetryWait(sendTransaction.error);
  const quoteWait = useRetryWait(createQuote.error);
  const attempts = useRef(createSendAttempts());
  const isInFlight = useRef(false);
  const [review, setReview] = useState<Review>();
  /** The server refused the send because the request is paid, expired or cancelled: its message, above the form. */
  const [requestClosed, setRequestClosed] = useState<string>();

  /** One action at a time: a second click (or Enter) while one is under way does nothing. */
  async function exclusively(action: () => Promise<void>): Promise<void> {
    if (isInFlight.current) return;
    isInFlight.current = true;
    try {
      await action();
    } finally {
      isInFlight.current = false;
    }
  }

  /** A refusal from the server that concerns a field of the form: back to the form, with the message at that field. */
  async function showAtField(error: ApiError): Promise<void> {
    // Loaded by the submit that led here: at once from the module map.
    const { SEND_FIELDS, apiErrorFieldIn } = await loadSendFormChecks();
    const field = apiErrorFieldIn(error.code, SEND_FIELDS);
    if (!field) return;
    setReview(undefined);
    form.setError(field, { message: error.message });
  }

  /** The quote asked for at the click, or again after one ran out; the review opens (or stays) with it. */
  async function requestQuote(request: CreateQuoteRequestInput): Promise<ReceivedQuote | undefined> {
    try {
      return await createQuote.mutateAsync(request);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) await showAtField(error);
      toast.error(error instanceof ApiError || error instanceof Error ? error.message || PAYMENT_MESSAGES.failed : PAYMENT_MESSAGES.failed);
      return undefined;
    }
  }

  /** A send the server decided against: where its message goes. */
  async function showRefusal(error: ApiError): Promise<void> {
    // An expired, used or unknown quote: the review stays, and its button asks for a new quote.
    if (isQuoteRefusal(error.code)) setReview((current) => (current ? { ...current, refusal: error.message } : current));
    else if (isRequestClosed(error.code)) {
      // Paid, expired or cancelled meanwhile: back to the form, which says so (a send with its reference is refused again).
      setReview(undefined);
      setRequestClosed(error.message);
    } else await showAtField(error);
  }

  /** `acknowledged`: the warnings the user confirmed for this send, which its alerts do not repeat. */
  async function send(request: SendRequestInput, acknowledged?: AcknowledgedSend, saveOffer?: ContactsNavigationState): Promise<void> {
    const attempt = attempts.current.next(request);
    try {
      const response = await sendTransaction.mutateAsync(attempt);
      acknowledged?.settle(response.alerts);
      attempts.current.settle();
      // The toast links to the payment, and offers "Save as contact" for someone not yet saved; it stays long enough to
      // be used. The dashboard opens with focus on its heading, not on <body>.
      const hash = response.transaction.hash;
      const saveContact = saveOffer && { cancel: { label: 'Save as contact', onClick: () => void navigate('/profile', { state: saveOffer }) } };
      toast.success(PAYMENT_MESSAGES.sent, {
        description: sentDescription(response.transaction),
        action: { label: 'View payment', onClick: () => void navigate(`/transaction/${hash}`) },
        ...saveContact,
        duration: 10_000,
      });
      await navigate('/dashboard', { state: { focusHeading: true } satisfies PageFocusState });
    } catch (error) {
      acknowledged?.end();
      // A 4xx is the server's decision; after no answer, a bad one or a 5xx the send may have happened, so
      // a retry of the same send keeps its key (docs/product.md#payment-system-failures).
      const failure = describeSendFailure(error);
      if (failure.isDecided && error instanceof ApiError) {
        attempts.current.settle();
        await showRefusal(error);
      }
      // "Try again" after a timeout: the same request with the same Idempotency-Key, so it is carried out once.
      const tryAgain = { label: PAYMENT_MESSAGES.tryAgain, onClick: () => void exclusively(() => send(request, undefined, saveOffer)) };
      if (failure.isTimeout) toast.error(failure.message, { action: tryAgain });
      else toast.error(failure.message);
    }
  }

  /** "Review": the send rules, the recipient's assessment and a firm quote; the review opens with them. */
  const openReview = (values: SendFormValues, click: ReviewClick) =>
    exclusively(async () => {
      const checked = await quoteRequestFor(form, wallets, values, click);
      if (!checked) return;
      const assessment = await assessWithHistory(checked.sender, checked.request.to, wallets);
      const received = await requestQuote(checked.request);
      if (received) setReview({ received, request: checked.request, assessment, networkLabel: checked.sender.networkLabel, paying: click.paying });
    });

  /** The review's "Send Transaction": the quoted send, paying the request the form was filled from. */
  const sendQuoted = (pending: Review) =>
    exclusively(async () => {
      const { quote } = pending.received;
      const acknowledged = pending.assessment.kind === 'familiar' ? undefined : acknowledgeWarnings(reasonsConfirmedBy(pending.assessment));
      const reference = pending.paying ? { reference: pending.paying.reference } : {};
      const request = { walletId: quote.walletId, asset: quote.asset, to: quote.to, amount: quote.amount, speed: quote.speed, quoteId: quote.id, ...reference };
      await send(request, acknowledged, saveContactOffer(pending.assessment, quote.network, quote.to));
    });

  /** A new quote for the same request, after the one on screen ran out or was refused. */
  const requote = (pending: Review) =>
    exclusively(async () => {
      const received = await requestQuote(pending.request);
      if (received) setReview((current) => (current ? { ...current, received, refusal: undefined } : current));
    });

  return {
    review,
    closeReview: () => setReview(undefined),
    requestClosed,
    openReview,
    sendQuoted,
    requote,
    isSending: sendTransaction.isPending,
    isQuoting: createQuote.isPending,
    sendWait,
    /** The longer of the two waits after "too many" (quotes or sends this minute). */
    wait: Math.max(sendWait, quoteWait),
  };
}
