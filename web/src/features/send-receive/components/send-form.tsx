import { DEFAULT_GAS_SPEED, type FeeQuotesResponse, type WalletView } from '@fincrypt/domain';
import { type FormEvent, Suspense, lazy, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { RetryWait } from '../../../components/ui/retry-wait.tsx';
import { lazySchemaResolver } from '../../../lib/lazy-schema-resolver.ts';
import { loadSchemas } from '../../../lib/load-schemas.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { useSchemasOnFirstInteraction } from '../../../lib/use-schemas-on-first-interaction.ts';
import { PREFETCH_WAIT_MAX_MS, whenIdle } from '../../../lib/when-idle.ts';
import { type FeeQuoteTarget, useFeeQuotes } from '../api/get-fee-quotes.ts';
import { useQuoteReview } from '../hooks/use-quote-review.ts';
import { useRecipientPrefill } from '../hooks/use-recipient-prefill.ts';
import { useSendAmount } from '../hooks/use-send-amount.ts';
import { loadSendFormChecks } from '../load-send-form-checks.ts';
import type { SendPrefill } from '../send-prefill.ts';
import { type SendableAsset, nativeSymbolOf, sendableAssets } from '../send-assets.ts';
import type { SendFormInput, SendFormValues } from '../send-form-values.ts';
import { AmountField } from './amount-field.tsx';
import { AssetSelect } from './asset-select.tsx';
import { GasSpeedSelector } from './gas-speed-selector.tsx';
import { PayingRequestNotice } from './paying-request-notice.tsx';
import { RecipientField } from './recipient-field.tsx';
import { SendSummary } from './send-summary.tsx';
import { WalletSelect } from './wallet-select.tsx';

// The review step is needed only after "Review": it loads then (and is fetched ahead once the form is on screen),
// so the send page's first load does not carry it.
const loadSendReview = () => import('./send-review.tsx');
const SendReview = lazy(() => loadSendReview().then((module) => ({ default: module.SendReview })));

const SEND_TESTNET_WARNING =
  "This is a testnet transaction. Make sure you're sending to a valid address on the same network. Transactions cannot be reversed.";

const resolver = lazySchemaResolver(() => loadSchemas().then((schemas) => schemas.sendFormSchema));
// The first interaction asks for what the first check needs: the schemas and the send rules, which the first load
// does not carry (send-form-checks.ts).
const loadFormChecks = () => Promise.all([loadSchemas(), loadSendFormChecks()]);

export interface SendFormProps {
  wallets: readonly WalletView[];
  walletId: string;
  onWalletChange: (walletId: string) => void;
  /** What the form opens filled with (a payment request's Pay button): applied once, when it mounts. */
  prefill?: SendPrefill;
}

/**
 * The Send tab. The amount is typed in the asset or in money (the sender's, or what the recipient gets), with
 * indicative figures at the live prices while typing (use-send-amount.ts). The recipient is typed, scanned, pasted
 * as a payment code or filled from a payment request (use-recipient-prefill.ts). "Review" checks the form's own
 * messages, then the domain's send rules against the fee on screen, then asks for a firm quote and opens the review
 * step (use-quote-review.ts).
 */
export function SendForm({ wallets, walletId: initialWalletId, onWalletChange, prefill }: SendFormProps) {
  useSchemasOnFirstInteraction(loadFormChecks);
  const form = useForm<SendFormInput, unknown, SendFormValues>({
    resolver,
    // Focus moves to the first invalid field in document order (useFocusFirstInvalid), server errors included.
    shouldFocusError: false,
    defaultValues: { walletId: initialWalletId, asset: nativeSymbolOfId(wallets, initialWalletId), to: '', amount: '', speed: DEFAULT_GAS_SPEED },
  });
  const { errors, isSubmitting } = form.formState;
  // A refused send focuses its first invalid field top to bottom: Wallet before Recipient.
  const formRef = useFocusFirstInvalid(form.formState.submitCount, errors);
  const walletId = form.watch('walletId');
  const speed = form.watch('speed') ?? DEFAULT_GAS_SPEED;
  const assetValue = form.watch('asset');

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

  const amount = useSendAmount({ form, wallet, asset, selectedQuote });
  const recipient = useRecipientPrefill({ form, wallets, onWalletChange, prefill, amount, network: wallet?.network, assetSymbol: asset?.symbol });
  const flow = useQuoteReview(form, wallets);

  // The review step's code is fetched ahead while the user fills the form, once the page is idle: the import's
  // preload links cost a phone 40 ms, inside the task that mounts the page.
  useEffect(() => whenIdle(() => void loadSendReview().catch(() => undefined), PREFETCH_WAIT_MAX_MS), []);

  /** Another wallet starts from its own coin, with no amount. */
  function selectWallet(nextWalletId: string) {
    form.setValue('walletId', nextWalletId);
    form.setValue('asset', nativeSymbolOfId(wallets, nextWalletId));
    form.setValue('amount', '');
    form.clearErrors(['walletId', 'asset', 'amount']);
    amount.setMaxAmount(false);
    onWalletChange(nextWalletId);
  }

  /** Another asset: the amount was in the old one, so it is cleared (as for another wallet). */
  function selectAsset(symbol: string) {
    form.setValue('asset', symbol);
    form.setValue('amount', '');
    form.clearErrors(['asset', 'amount']);
    amount.setMaxAmount(false);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // The fee and figures on screen at the click, not those that arrive while the checks run.
    const click = {
      quotes,
      priced: amount.priced,
      isMaxAmount: amount.isMaxAmount,
      fixed: amount.fixed,
      senderCurrency: amount.senderCurrency,
      recipientCurrency: amount.recipientCurrency,
      paying: recipient.paying,
    };
    void form.handleSubmit((values) => flow.openReview(values, click))(event);
  }

  const { review } = flow;
  if (review) {
    return (
      <Suspense fallback={<p className="text-sm">Loading the review…</p>}>
        <SendReview
          received={review.received}
          assessment={review.assessment}
          networkLabel={review.networkLabel}
          refusal={review.refusal}
          payingRequestOf={review.paying ? (review.paying.request?.displayName ?? '') : undefined}
          isSending={flow.isSending}
          isRequoting={flow.isQuoting}
          wait={flow.sendWait}
          onSend={() => void flow.sendQuoted(review)}
          onRequote={() => void flow.requote(review)}
          onEdit={flow.closeReview}
        />
      </Suspense>
    );
  }

  // Every fee is in the network's coin, whatever the asset sent.
  const feeSymbol = quotes?.symbol ?? (wallet ? nativeSymbolOf(wallet) : undefined);
  const isToken = asset?.kind === 'token';
  const feeState = !wallet ? 'no-wallet' : quotes ? 'ready' : feeQuotes.isError ? 'error' : 'loading';
  const { prefilled } = recipient;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Send funds">
      {prefilled && <PayingRequestNotice prefilled={prefilled} isPaying={recipient.paying !== undefined} closed={flow.requestClosed} />}
      <WalletSelect wallets={wallets} value={walletId} onChange={selectWallet} error={errors.walletId?.message} />
      <AssetSelect assets={assets} value={asset?.symbol ?? ''} onChange={selectAsset} feeAsset={isToken ? nativeBalance : undefined} error={errors.asset?.message} />
      <RecipientField form={form} network={wallet?.network} paymentCode={recipient.paymentCode} codeDescription={recipient.codeDescription} />
      <AmountField form={form} amount={amount} asset={asset} selectedQuote={selectedQuote} feeSymbol={feeSymbol} />
      <GasSpeedSelector
        quotes={quotes?.quotes}
        symbol={feeSymbol}
        network={wallet?.network}
        gasUsed={quotes?.gasUsed}
        coinPrice={amount.coinPrice}
        currency={amount.displayCurrency}
        value={speed}
        onChange={(nextSpeed) => form.setValue('speed', nextSpeed)}
        updatedAtMs={quotes && !feeQuotes.isPlaceholderData ? feeQuotes.dataUpdatedAt : undefined}
        state={feeState}
        onRetry={() => void feeQuotes.refetch()}
      />
      {selectedQuote && feeSymbol && (
        <SendSummary
          quote={selectedQuote}
          asset={asset}
          feeSymbol={feeSymbol}
          priced={amount.priced}
          senderCurrency={amount.senderCurrency}
          recipientCurrency={amount.recipientCurrency}
        />
      )}

      <Alert tone="warning">{SEND_TESTNET_WARNING}</Alert>

      <Button type="submit" size="lg" className="w-full" isBusy={isSubmitting || flow.isQuoting} disabled={flow.wait > 0}>
        Review
      </Button>
      <RetryWait seconds={flow.wait} />
    </form>
  );
}

/** The coin of the wallet with this id ('' when there is none): the asset a wallet's Send form starts with. */
function nativeSymbolOfId(wallets: readonly WalletView[], walletId: string): string {
  const wallet = wallets.find((candidate) => candidate.id === walletId);
  return wallet ? nativeSymbolOf(wallet) : '';
}
