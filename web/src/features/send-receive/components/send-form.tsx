import {
  CURRENCY_SYMBOLS,
  type CreateQuoteRequestInput,
  DEFAULT_GAS_SPEED,
  DISPLAY_CURRENCIES,
  type FeeQuotesResponse,
  NETWORKS,
  type NetworkId,
  PAYMENT_MESSAGES,
  type SendRequestInput,
  type TransactionView,
  type WalletView,
  formatAmountTrimmed,
  formatFiatMinor,
  isDisplayCurrency,
  parseAmount,
} from '@fincrypt/domain';
import { type FormEvent, Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useForm } from 'react-hook-form';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { RetryWait } from '../../../components/ui/retry-wait.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { lazySchemaResolver } from '../../../lib/lazy-schema-resolver.ts';
import { loadSchemas } from '../../../lib/load-schemas.ts';
import { useSchemasOnFirstInteraction } from '../../../lib/use-schemas-on-first-interaction.ts';
import type { sendFormSchema } from '../../../lib/schemas.ts';
import { useRetryWait } from '../../../lib/use-retry-wait.ts';
import { PREFETCH_WAIT_MAX_MS, whenIdle } from '../../../lib/when-idle.ts';
import { toast } from '../../../lib/toast.ts';
import { ContactPicker, type ContactsNavigationState, getContacts } from '../../contacts/index.ts';
import { useCurrencyStore } from '../../preferences/index.ts';
import { usePrices } from '../../prices/index.ts';
import { QrScannerButton } from '../../qr-scanner/index.ts';
import { type ReceivedQuote, useCreateQuote } from '../api/create-quote.ts';
import { type FeeQuoteTarget, useFeeQuotes } from '../api/get-fee-quotes.ts';
import { useRecipientCurrency } from '../api/get-recipient-currency.ts';
import { getHasPaidBefore, getPastRecipients } from '../api/get-recipient-history.ts';
import { useSendTransaction } from '../api/send-transaction.ts';
import { type AcknowledgedSend, acknowledgeWarnings, reasonsConfirmedBy } from '../acknowledged-warnings.ts';
import { loadSendFormChecks } from '../load-send-form-checks.ts';
import {
  AMOUNT_UNITS,
  type AmountUnit,
  amountInUnit,
  indicativeFigures,
  isAmountUnit,
  otherUnitText,
  ratesFromPrices,
  readUnit,
  unitLabel,
} from '../payment-figures.ts';
import { type PrefillValues, type PrefilledRequest, stillPays } from '../apply-prefill.ts';
import { usePaymentCode } from '../hooks/use-payment-code.ts';
import { useSendPrefill } from '../hooks/use-send-prefill.ts';
import type { SendPrefill } from '../send-prefill.ts';
import { isQuoteRefusal, isRequestClosed } from '../quote-refusal.ts';
import { type RecipientAssessment, assessRecipient } from '../recipient-assessment.ts';
import { createSendAttempts } from '../send-attempts.ts';
import { describeSendFailure } from '../send-failure.ts';
import { type SendableAsset, balancesForCheck, maxAmountText, nativeSymbolOf, sendableAssets } from '../send-assets.ts';
import { AssetSelect } from './asset-select.tsx';
import { GasSpeedSelector } from './gas-speed-selector.tsx';
import { PayingRequestNotice } from './paying-request-notice.tsx';
import { PaymentCodeOfferNotice } from './payment-code-offer.tsx';
import { WalletSelect } from './wallet-select.tsx';

// The review step is needed only after "Review": it loads then (and is fetched ahead once the form is on screen),
// so the send page's first load does not carry it.
const loadSendReview = () => import('./send-review.tsx');
const SendReview = lazy(() => loadSendReview().then((module) => ({ default: module.SendReview })));

export const SEND_TESTNET_WARNING =
  "This is a testnet transaction. Make sure you're sending to a valid address on the same network. Transactions cannot be reversed.";
export const SEND_SUCCESS_MESSAGE = PAYMENT_MESSAGES.sent;
export const SEND_FAILURE_MESSAGE = PAYMENT_MESSAGES.failed;
export const INDICATIVE_NOTE = 'Indicative, at the live price. Review gets a firm quote.';

// The form's schema (lib/schemas.ts): a send without its quote ids, taking the asset select's value as it is.
type SendFormInput = z.input<typeof sendFormSchema>;
type SendFormValues = z.output<typeof sendFormSchema>;
const resolver = lazySchemaResolver(() => loadSchemas().then((schemas) => schemas.sendFormSchema));
// The first interaction asks for what the first check needs: the schemas and the send rules, which the first load
// does not carry (send-form-checks.ts).
const loadFormChecks = () => Promise.all([loadSchemas(), loadSendFormChecks()]);

/** What a successful send's toast adds under its title: what left, on which network. */
export function sentDescription(transaction: Pick<TransactionView, 'amount' | 'symbol' | 'network'>): string {
  return `${transaction.amount} ${transaction.symbol} sent on ${NETWORKS[transaction.network].label}`;
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

/** The review step's state: the firm quote on screen, what it was asked with, and the recipient's warnings. */
interface Review {
  received: ReceivedQuote;
  request: CreateQuoteRequestInput;
  assessment: RecipientAssessment;
  networkLabel: string;
  /** The server refused the quote at the send (expired, used, unknown): its message. */
  refusal?: string;
  /** The payment request this send pays (its reference goes with the send). */
  paying?: PrefilledRequest;
}

export interface SendFormProps {
  wallets: readonly WalletView[];
  walletId: string;
  onWalletChange: (walletId: string) => void;
  /** What the form opens filled with (a payment request's Pay button): applied once, when it mounts. */
  prefill?: SendPrefill;
}

/**
 * The Send tab. The amount is typed in the asset or in money (the sender's, or what the recipient gets), with
 * indicative figures at the live prices while typing. "Review" checks the form's own messages, then the domain's
 * send rules against the fee on screen, then asks the server for a firm quote (POST /api/quotes) and opens the
 * review step: the quote with its countdown, any warning about the recipient, the cost beside a bank wire. Its
 * "Send Transaction" sends with the quote's id, so the amounts charged are the ones shown.
 */
export function SendForm({ wallets, walletId: initialWalletId, onWalletChange, prefill }: SendFormProps) {
  const navigate = useNavigate();
  useSchemasOnFirstInteraction(loadFormChecks);
  const form = useForm<SendFormInput, unknown, SendFormValues>({
    resolver,
    // Focus moves to the first invalid field in document order (useFocusFirstInvalid), server errors included.
    shouldFocusError: false,
    defaultValues: {
      walletId: initialWalletId,
      asset: nativeSymbolOfId(wallets, initialWalletId),
      to: '',
      amount: '',
      speed: DEFAULT_GAS_SPEED,
    },
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  // A refused send focuses its first invalid field top to bottom: Wallet before Recipient.
  const formRef = useFocusFirstInvalid(form.formState.submitCount, errors);
  const walletId = form.watch('walletId');
  const speed = form.watch('speed') ?? DEFAULT_GAS_SPEED;
  const amountText = form.watch('amount') ?? '';
  const assetValue = form.watch('asset');
  const toText = form.watch('to') ?? '';

  const wallet = wallets.find((candidate) => candidate.id === walletId);
  const assets = wallet ? sendableAssets(wallet) : [];
  // The chosen asset; the wallet's coin until another is chosen.
  const asset: SendableAsset | undefined = assets.find((candidate) => candidate.symbol === assetValue) ?? assets[0];
  const nativeBalance = assets.find((candidate) => candidate.kind === 'native');
  const feeTarget: FeeQuoteTarget | undefined =
    wallet && asset
      ? { walletId: wallet.id, asset: asset.symbol, balanceUnits: asset.balanceUnits, feeBalanceUnits: nativeBalance?.balanceUnits ?? wallet.balanceUnits }
      : undefined;
  const feeQuotes = useFeeQuotes(feeTarget);
  // Quotes are for one wallet and one asset; an answer from before either changed is not shown.
  const quotes: FeeQuotesResponse | undefined =
    wallet && asset && feeQuotes.data?.walletId === wallet.id && feeQuotes.data.asset === asset.symbol ? feeQuotes.data : undefined;
  const selectedQuote = quotes?.quotes.find((quote) => quote.speed === speed);

  // The money side: which unit the amount is typed in, and the recipient's currency (the one they chose, when
  // their FinCrypt wallet says so, until the sender picks another; else the sender's own).
  const displayCurrency = useCurrencyStore((state) => state.currency);
  const [unit, setUnit] = useState<AmountUnit>('asset');
  const { senderCurrency } = readUnit(unit, displayCurrency);
  const [chosenRecipientCurrency, setChosenRecipientCurrency] = useState<string>();
  const suggestion = useRecipientCurrency(wallet?.network, toText);
  const suggestedCurrency = suggestion.data ?? undefined;
  const recipientCurrency = isDisplayCurrency(chosenRecipientCurrency) ? chosenRecipientCurrency : (suggestedCurrency ?? senderCurrency);

  const { prices } = usePrices();
  const feeDecimals = wallet ? NETWORKS[wallet.network].decimals : 18;
  /** The live rates of this payment with the sender paying in `currency`. */
  const ratesFor = (currency: typeof senderCurrency) =>
    wallet && asset ? ratesFromPrices(prices, asset.priceTokenId, NETWORKS[wallet.network].priceTokenId, currency, recipientCurrency) : undefined;
  const rates = ratesFor(senderCurrency);

  // MAX follows the chosen speed and every new quote until the user types an amount of their own.
  const [isMaxAmount, setMaxAmount] = useState(false);
  const maxSendable = selectedQuote ? maxAmountText(selectedQuote, asset) : undefined;
  const maxUnits = maxSendable !== undefined && asset ? parseAmount(maxSendable, asset.decimals) : undefined;
  const maxInUnit =
    maxUnits?.ok && asset
      ? amountInUnit({ units: maxUnits.units, unit, displayCurrency, recipientCurrency, assetDecimals: asset.decimals, rates })
      : undefined;
  useEffect(() => {
    if (isMaxAmount && maxInUnit !== undefined) form.setValue('amount', maxInUnit, { shouldValidate: form.formState.isSubmitted });
  }, [form, isMaxAmount, maxInUnit]);

  // While MAX holds, the figures are those of the whole sendable amount of the asset, whatever the field shows.
  const pricedUnit: AmountUnit = isMaxAmount && maxSendable !== undefined ? 'asset' : unit;
  const pricedAmount = isMaxAmount && maxSendable !== undefined ? maxSendable : amountText;
  const figures = asset
    ? indicativeFigures({
        unit: pricedUnit,
        amount: pricedAmount,
        displayCurrency: senderCurrency,
        recipientCurrency,
        assetDecimals: asset.decimals,
        feeDecimals,
        feeUnits: selectedQuote ? BigInt(selectedQuote.feeUnits) : 0n,
        rates,
      })
    : undefined;
  const priced = figures?.ok ? figures : undefined;

  const sendTransaction = useSendTransaction();
  const createQuote = useCreateQuote();
  // Too many quotes or sends this minute: the server's message (toast) says how long; the button waits that long.
  const sendWait = useRetryWait(sendTransaction.error);
  const quoteWait = useRetryWait(createQuote.error);
  const attempts = useRef(createSendAttempts());
  const isInFlight = useRef(false);
  const [review, setReview] = useState<Review>();

  // The review step's code is fetched ahead while the user fills the form, once the page is idle: the import's
  // preload links cost a phone 40 ms, inside the task that mounts the page.
  useEffect(() => whenIdle(() => void loadSendReview().catch(() => undefined), PREFETCH_WAIT_MAX_MS), []);

  function selectWallet(nextWalletId: string) {
    form.setValue('walletId', nextWalletId);
    // Another wallet starts from its own coin.
    form.setValue('asset', nativeSymbolOfId(wallets, nextWalletId));
    form.setValue('amount', '');
    form.clearErrors(['walletId', 'asset', 'amount']);
    setMaxAmount(false);
    onWalletChange(nextWalletId);
  }

  /** Another asset: the amount was in the old one, so it is cleared (as for another wallet). */
  function selectAsset(symbol: string) {
    form.setValue('asset', symbol);
    form.setValue('amount', '');
    form.clearErrors(['asset', 'amount']);
    setMaxAmount(false);
  }

  /** Another unit: the same payment, told in it (at the live price); MAX stays MAX. */
  function selectUnit(next: AmountUnit) {
    if (next === unit) return;
    setUnit(next);
    if (isMaxAmount) return;
    const nextSenderCurrency = readUnit(next, displayCurrency).senderCurrency;
    const nextText =
      priced && asset
        ? amountInUnit({
            units: priced.amountUnits,
            unit: next,
            displayCurrency: nextSenderCurrency,
            recipientCurrency,
            assetDecimals: asset.decimals,
            rates: ratesFor(nextSenderCurrency),
          })
        : undefined;
    form.setValue('amount', nextText ?? '', { shouldValidate: isSubmitted });
  }

  // ---- Prefill (docs/product.md#payment-requests): a request's Pay button, a scanned code or a pasted URI. ----
  /** Puts a planned prefill into the form: wallet, asset, recipient, then the amount in its unit. */
  function fillFromPrefill(values: PrefillValues) {
    const current = form.getValues();
    const isOtherWallet = values.walletId !== current.walletId;
    const isOtherAsset = isOtherWallet || values.asset !== current.asset;
    if (isOtherWallet) {
      form.setValue('walletId', values.walletId);
      onWalletChange(values.walletId);
    }
    form.setValue('asset', values.asset);
    form.setValue('to', values.to);
    if (values.amount !== undefined) {
      setUnit(values.unit);
      form.setValue('amount', values.amount);
    } else if (isOtherAsset) form.setValue('amount', '');
    if (values.recipientCurrency) setChosenRecipientCurrency(values.recipientCurrency);
    setMaxAmount(false);
    form.clearErrors();
  }
  const { applyPrefill, prefilled } = useSendPrefill({ wallets, walletId, fill: fillFromPrefill });
  /** The server refused the send because the request is paid, expired or cancelled: its message, above the form. */
  const [requestClosed, setRequestClosed] = useState<string>();
  const isPrefillApplied = useRef(false);
  useEffect(() => {
    if (!prefill || isPrefillApplied.current) return;
    isPrefillApplied.current = true;
    const plan = applyPrefill(prefill);
    if (plan.status !== 'apply') toast.error(plan.message);
    // Once, with the prefill the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefill]);
  /** The request this send pays: while the form keeps its network, recipient and asset. */
  const paying = prefilled && stillPays(prefilled, { network: wallet?.network, to: toText, asset: asset?.symbol }) ? prefilled : undefined;
  // ---- end of prefill ----

  // ---- Scanned and pasted payment codes (docs/product.md#qr-codes): through the prefill above. ----
  const paymentCode = usePaymentCode({ applyPrefill, walletId, showAtRecipient: (message) => form.setError('to', { message }) });
  const codeDescription = paymentCode.description?.to === toText.trim() ? paymentCode.description.text : undefined;
  // ---- end of payment codes ----

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

  /** `acknowledged`: the warnings the user confirmed for this send, which its alerts do not repeat. */
  async function send(request: SendRequestInput, acknowledged?: AcknowledgedSend, saveOffer?: ContactsNavigationState): Promise<void> {
    const attempt = attempts.current.next(request);
    try {
      const response = await sendTransaction.mutateAsync(attempt);
      acknowledged?.settle(response.alerts);
      attempts.current.settle();
      // Someone not yet saved: the toast offers "Save as contact", and stays long enough to be used.
      const saveContact = saveOffer && { action: { label: 'Save as contact', onClick: () => void navigate('/profile', { state: saveOffer }) }, duration: 10_000 };
      toast.success(SEND_SUCCESS_MESSAGE, { description: sentDescription(response.transaction), ...saveContact });
      await navigate('/dashboard');
    } catch (error) {
      acknowledged?.end();
      // A 4xx is the server's decision; after no answer, a bad one or a 5xx the send may have happened, so
      // a retry of the same send keeps its key (docs/product.md#payment-system-failures).
      const failure = describeSendFailure(error);
      if (failure.isDecided && error instanceof ApiError) {
        attempts.current.settle();
        // An expired, used or unknown quote: the review stays, and its button asks for a new quote.
        if (isQuoteRefusal(error.code)) setReview((current) => (current ? { ...current, refusal: error.message } : current));
        else if (isRequestClosed(error.code)) {
          // Paid, expired or cancelled meanwhile: back to the form, which says so (a send with its reference is refused again).
          setReview(undefined);
          setRequestClosed(error.message);
        } else await showAtField(error);
      }
      const tryAgain = { label: PAYMENT_MESSAGES.tryAgain, onClick: () => void sendAgain(request, saveOffer) };
      if (failure.isTimeout) toast.error(failure.message, { action: tryAgain });
      else toast.error(failure.message);
    }
  }

  /** "Try again" after a timeout: the same request with the same Idempotency-Key, so it is carried out once. */
  async function sendAgain(request: SendRequestInput, saveOffer?: ContactsNavigationState) {
    if (isInFlight.current) return;
    isInFlight.current = true;
    try {
      await send(request, undefined, saveOffer);
    } finally {
      isInFlight.current = false;
    }
  }

  async function submit(values: SendFormValues, quotesAtClick: FeeQuotesResponse | undefined, pricedAtClick: typeof priced) {
    // A second click (or Enter) while a review is being prepared does nothing.
    if (isInFlight.current) return;
    isInFlight.current = true;
    try {
      const { checkSend } = await loadSendFormChecks();
      const sender = wallets.find((candidate) => candidate.id === values.walletId);
      const feeQuote = quotesAtClick?.quotes.find((candidate) => candidate.speed === values.speed);
      // The asset the form shows: the wallet's coin unless another was chosen.
      const symbol = values.asset || (sender ? nativeSymbolOf(sender) : undefined);
      const sentAsset = sendableAssetOf(wallets, values.walletId, symbol ?? '');
      const isMax = isMaxAmount && feeQuote !== undefined;
      const fixed = isMax ? 'asset' : readUnit(unit, displayCurrency).fixed;
      const amount = isMax ? maxAmountText(feeQuote, sentAsset) : values.amount.trim();
      // The send rules need the asset amount: typed, or (typed in money) the indicative one; without prices the
      // server alone checks the amount of a payment typed in money.
      const assetAmount =
        fixed === 'asset' ? amount : pricedAtClick && sentAsset ? formatAmountTrimmed(pricedAtClick.amountUnits, sentAsset.decimals) : undefined;
      const check = checkSend({
        network: sender?.network,
        from: sender?.address,
        balances: sender ? balancesForCheck(sender, quotesAtClick) : undefined,
        asset: symbol,
        // Typed in money without prices: the smallest amount, so the other rules (recipient, a balance of nothing) still run.
        amount: assetAmount ?? (sentAsset ? formatAmountTrimmed(1n, sentAsset.decimals) : amount),
        // Without a quote the server charges the fee of the moment; the balance rule is then left to it.
        fee: feeQuote && assetAmount !== undefined ? BigInt(feeQuote.feeUnits) : 0n,
        to: values.to,
      });
      if (!check.ok) {
        form.setError(check.field, { message: check.message });
        return;
      }
      if (!sender) return;
      const request: CreateQuoteRequestInput = {
        walletId: sender.id,
        to: check.to,
        asset: check.asset.symbol,
        speed: values.speed,
        amount,
        fixed,
        senderCurrency,
        recipientCurrency,
        // The fee beside the form (and the MAX it left) is the fee the firm quote fixes while this one is fresh.
        ...(feeQuote ? { feeQuoteId: feeQuote.quoteId } : {}),
      };
      const assessment = await assessWithHistory(sender, check.to, wallets);
      const received = await requestQuote(request);
      if (received) setReview({ received, request, assessment, networkLabel: sender.networkLabel, paying });
    } finally {
      isInFlight.current = false;
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // The fee and figures on screen at the click, not those that arrive while the checks run.
    const quotesAtClick = quotes;
    const pricedAtClick = priced;
    void form.handleSubmit((values) => submit(values, quotesAtClick, pricedAtClick))(event);
  }

  async function sendQuoted() {
    const pending = review;
    if (!pending || isInFlight.current) return;
    isInFlight.current = true;
    try {
      const { quote } = pending.received;
      const acknowledged = pending.assessment.kind === 'familiar' ? undefined : acknowledgeWarnings(reasonsConfirmedBy(pending.assessment));
      await send(
        {
          walletId: quote.walletId,
          asset: quote.asset,
          to: quote.to,
          amount: quote.amount,
          speed: quote.speed,
          quoteId: quote.id,
          // Pays the request the form was filled from (docs/product.md#payment-requests).
          ...(pending.paying ? { reference: pending.paying.reference } : {}),
        },
        acknowledged,
        saveContactOffer(pending.assessment, quote.network, quote.to),
      );
    } finally {
      isInFlight.current = false;
    }
  }

  async function requote() {
    const pending = review;
    if (!pending || isInFlight.current) return;
    isInFlight.current = true;
    try {
      const received = await requestQuote(pending.request);
      if (received) setReview((current) => (current ? { ...current, received, refusal: undefined } : current));
    } finally {
      isInFlight.current = false;
    }
  }

  if (review) {
    return (
      <Suspense fallback={<p className="text-sm">Loading the review…</p>}>
        <SendReview
          received={review.received}
          assessment={review.assessment}
          networkLabel={review.networkLabel}
          refusal={review.refusal}
          payingRequestOf={review.paying ? (review.paying.request?.displayName ?? '') : undefined}
          isSending={sendTransaction.isPending}
          isRequoting={createQuote.isPending}
          wait={sendWait}
          onSend={() => void sendQuoted()}
          onRequote={() => void requote()}
          onEdit={() => setReview(undefined)}
        />
      </Suspense>
    );
  }

  const symbol = asset?.symbol;
  // Every fee is in the network's coin, whatever the asset sent.
  const feeSymbol = quotes?.symbol ?? (wallet ? nativeSymbolOf(wallet) : undefined);
  const isToken = asset?.kind === 'token';
  const coinPrice = wallet ? prices?.[NETWORKS[wallet.network].priceTokenId]?.prices[displayCurrency] : undefined;
  // A coin transfer costs amount + fee of the coin; a token transfer the amount of the token and the fee of the coin.
  const sentUnits = priced?.amountUnits;
  const total =
    wallet && asset && selectedQuote && sentUnits !== undefined
      ? isToken
        ? `${formatAmountTrimmed(sentUnits, asset.decimals)} ${asset.symbol} + ${selectedQuote.fee} ${feeSymbol ?? ''}`.trim()
        : `${formatAmountTrimmed(sentUnits + BigInt(selectedQuote.feeUnits), asset.decimals)} ${asset.symbol}`
      : undefined;
  const feeState = !wallet ? 'no-wallet' : quotes ? 'ready' : feeQuotes.isError ? 'error' : 'loading';
  const isBusy = isSubmitting || createQuote.isPending;
  const wait = Math.max(sendWait, quoteWait);
  const otherUnit = priced && asset ? otherUnitText(priced, pricedUnit, senderCurrency, asset.symbol, asset.decimals) : undefined;
  const isSuggested = suggestedCurrency !== undefined && recipientCurrency === suggestedCurrency;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Send funds">
      {prefilled && <PayingRequestNotice prefilled={prefilled} isPaying={paying !== undefined} closed={requestClosed} />}
      <WalletSelect wallets={wallets} value={walletId} onChange={selectWallet} error={errors.walletId?.message} />

      <AssetSelect
        assets={assets}
        value={asset?.symbol ?? ''}
        onChange={selectAsset}
        feeAsset={isToken ? nativeBalance : undefined}
        error={errors.asset?.message}
      />

      <Field label="Recipient Address" error={errors.to?.message} hint={codeDescription}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              {...form.register('to')}
              onPaste={paymentCode.onPaste}
              className="font-mono"
              autoComplete="off"
              spellCheck={false}
              placeholder={wallet && NETWORKS[wallet.network].family === 'solana' ? 'Solana address' : '0x…'}
            />
            <QrScannerButton onScan={paymentCode.onScan} />
          </div>
        )}
      </Field>
      {paymentCode.offer && <PaymentCodeOfferNotice offer={paymentCode.offer} onAccept={paymentCode.acceptOffer} />}

      <ContactPicker network={wallet?.network} recipient={toText} onPick={(address) => form.setValue('to', address, { shouldValidate: isSubmitted })} />

      <Field
        label="Amount"
        error={errors.amount?.message}
        hint={
          otherUnit !== undefined || selectedQuote ? (
            <>
              {otherUnit !== undefined && <span className="block">{otherUnit}</span>}
              {selectedQuote && symbol && (
                <span className="block">
                  {isToken
                    ? `Up to ${maxAmountText(selectedQuote, asset)} ${symbol}; the ${selectedQuote.label.toLowerCase()} fee is paid in ${feeSymbol ?? ''}`
                    : `Up to ${selectedQuote.maxSendable} ${symbol} after the ${selectedQuote.label.toLowerCase()} fee`}
                </span>
              )}
            </>
          ) : undefined
        }
      >
        {(control) => (
          <div className="flex gap-2">
            <div className="min-w-0 flex-1">
              <Input
                {...control}
                {...form.register('amount', { onChange: () => setMaxAmount(false) })}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
              />
            </div>
            <div className="w-32 shrink-0">
              <Select
                aria-label="Amount in"
                value={unit}
                disabled={!symbol}
                onChange={(event) => {
                  if (isAmountUnit(event.target.value)) selectUnit(event.target.value);
                }}
              >
                {AMOUNT_UNITS.map((candidate) => (
                  <option key={candidate} value={candidate}>
                    {unitLabel(candidate, symbol ?? 'Asset', recipientCurrency)}
                  </option>
                ))}
              </Select>
            </div>
            <Button
              variant="outline"
              className="shrink-0"
              disabled={!selectedQuote}
              onClick={() => {
                setMaxAmount(true);
                if (maxInUnit !== undefined) form.setValue('amount', maxInUnit, { shouldValidate: isSubmitted });
              }}
            >
              MAX
            </Button>
          </div>
        )}
      </Field>

      <Field
        label="They receive in"
        hint={isSuggested ? `${CURRENCY_SYMBOLS[recipientCurrency]} ${recipientCurrency.toUpperCase()}: the currency the recipient uses on FinCrypt` : undefined}
      >
        {(control) => (
          <Select {...control} value={recipientCurrency} onChange={(event) => setChosenRecipientCurrency(event.target.value)}>
            {DISPLAY_CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {`${CURRENCY_SYMBOLS[currency]} ${currency.toUpperCase()}`}
              </option>
            ))}
          </Select>
        )}
      </Field>

      <GasSpeedSelector
        quotes={quotes?.quotes}
        symbol={feeSymbol}
        network={wallet?.network}
        gasUsed={quotes?.gasUsed}
        coinPrice={coinPrice}
        currency={displayCurrency}
        value={speed}
        onChange={(nextSpeed) => form.setValue('speed', nextSpeed)}
        updatedAtMs={quotes && !feeQuotes.isPlaceholderData ? feeQuotes.dataUpdatedAt : undefined}
        state={feeState}
        onRetry={() => void feeQuotes.refetch()}
      />

      {selectedQuote && feeSymbol && (
        <div className="space-y-1">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600 dark:text-slate-400">Network fee</dt>
            <dd className="text-right font-mono">{`${selectedQuote.fee} ${feeSymbol}`}</dd>
            {total !== undefined && (
              <>
                <dt className="text-slate-600 dark:text-slate-400">Total</dt>
                <dd className="text-right font-mono break-all">{total}</dd>
              </>
            )}
            {priced && (
              <>
                <dt className="text-slate-600 dark:text-slate-400">You pay</dt>
                <dd className="text-right font-mono">{`≈ ${formatFiatMinor(priced.senderTotalMinor, senderCurrency)}`}</dd>
                <dt className="text-slate-600 dark:text-slate-400">They get</dt>
                <dd className="text-right font-mono">{`≈ ${formatFiatMinor(priced.recipientAmountMinor, recipientCurrency)}`}</dd>
              </>
            )}
          </dl>
          {priced && (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              <span className="mr-1 rounded bg-slate-100 px-1.5 py-0.5 font-semibold text-slate-800 uppercase dark:bg-slate-800 dark:text-slate-100">Indicative</span>
              {INDICATIVE_NOTE}
            </p>
          )}
        </div>
      )}

      <Alert tone="warning">{SEND_TESTNET_WARNING}</Alert>

      <Button type="submit" size="lg" className="w-full" isBusy={isBusy} disabled={wait > 0}>
        Review
      </Button>
      <RetryWait seconds={wait} />
    </form>
  );
}

/** The coin of the wallet with this id ('' when there is none): the asset a wallet's Send form starts with. */
function nativeSymbolOfId(wallets: readonly WalletView[], walletId: string): string {
  const wallet = wallets.find((candidate) => candidate.id === walletId);
  return wallet ? nativeSymbolOf(wallet) : '';
}

/** The asset with this symbol of the wallet with this id, if both exist. */
function sendableAssetOf(wallets: readonly WalletView[], walletId: string, symbol: string): SendableAsset | undefined {
  const wallet = wallets.find((candidate) => candidate.id === walletId);
  return wallet ? sendableAssets(wallet).find((asset) => asset.symbol === symbol) : undefined;
}
