import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_GAS_SPEED,
  type FeeQuoteView,
  type FeeQuotesResponse,
  NETWORKS,
  PAYMENT_MESSAGES,
  SEND_FIELDS,
  type ScannedRecipient,
  type TransactionView,
  type WalletView,
  apiErrorFieldIn,
  checkSend,
  formatAmountTrimmed,
  formatFiat,
  isPositiveDecimalText,
  parseAmount,
  sendRequestSchema,
} from '@fincrypt/domain';
import { ScanLine } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { RetryWait } from '../../../components/ui/retry-wait.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useRetryWait } from '../../../lib/use-retry-wait.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrencyStore } from '../../preferences/index.ts';
import { usePrices } from '../../prices/index.ts';
import { QrScannerDialog } from '../../qr-scanner/index.ts';
import { type FeeQuoteTarget, useFeeQuotes } from '../api/get-fee-quotes.ts';
import { getHasPaidBefore, getPastRecipients } from '../api/get-recipient-history.ts';
import { useSendTransaction } from '../api/send-transaction.ts';
import { type AcknowledgedSend, acknowledgeWarnings, reasonsConfirmedBy } from '../acknowledged-warnings.ts';
import { type RecipientAssessment, assessRecipient } from '../recipient-assessment.ts';
import { createSendAttempts } from '../send-attempts.ts';
import { describeSendFailure } from '../send-failure.ts';
import { type SendableAsset, balancesForCheck, maxAmountText, nativeSymbolOf, sendableAssets } from '../send-assets.ts';
import { AssetSelect } from './asset-select.tsx';
import { GasSpeedSelector } from './gas-speed-selector.tsx';
import { type RecipientConfirmation, RecipientConfirmDialog } from './recipient-confirm-dialog.tsx';
import { WalletSelect } from './wallet-select.tsx';

export const SEND_TESTNET_WARNING =
  "This is a testnet transaction. Make sure you're sending to a valid address on the same network. Transactions cannot be reversed.";
export const SEND_SUCCESS_MESSAGE = PAYMENT_MESSAGES.sent;
export const SEND_FAILURE_MESSAGE = PAYMENT_MESSAGES.failed;

// The asset select always holds one of the wallet's assets (or '' before a wallet is chosen, when the wallet's
// own message is the one to show), so the form takes it as it is.
const sendFormSchema = sendRequestSchema.omit({ quoteId: true, feeQuoteId: true }).extend({ asset: z.string() });
type SendFormInput = z.input<typeof sendFormSchema>;
type SendFormValues = z.output<typeof sendFormSchema>;

/** What a successful send's toast adds under its title: what left, on which network. */
export function sentDescription(transaction: Pick<TransactionView, 'amount' | 'symbol' | 'network'>): string {
  return `${transaction.amount} ${transaction.symbol} sent on ${NETWORKS[transaction.network].label}`;
}

/** Why a look-up of the user's history failed does not matter: without it every recipient is unfamiliar. */
async function assessWithHistory(wallet: WalletView, to: string, ownWallets: readonly WalletView[]): Promise<RecipientAssessment> {
  const [pastRecipients, hasPaidBefore] = await Promise.all([
    getPastRecipients().catch(() => []),
    getHasPaidBefore(wallet.network, to).catch(() => false),
  ]);
  return assessRecipient({ network: wallet.network, to, ownWallets, pastRecipients, hasPaidBefore });
}

export interface SendFormProps {
  wallets: readonly WalletView[];
  walletId: string;
  onWalletChange: (walletId: string) => void;
}

/**
 * The Send tab. A send is checked in three steps: the form's own messages, then the domain's send rules
 * against the fee on screen (so balance, decimals and recipient problems show before anything is sent),
 * then a confirmation when the recipient is new or imitates a known address. The quote that was on screen
 * at the click goes with the request, so the fee charged is the fee shown.
 */
export function SendForm({ wallets, walletId: initialWalletId, onWalletChange }: SendFormProps) {
  const navigate = useNavigate();
  const form = useForm<SendFormInput, unknown, SendFormValues>({
    resolver: zodResolver(sendFormSchema),
    defaultValues: {
      walletId: initialWalletId,
      asset: nativeSymbolOfId(wallets, initialWalletId),
      to: '',
      amount: '',
      speed: DEFAULT_GAS_SPEED,
    },
    shouldFocusError: false,
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  // A refused send focuses its first invalid field top to bottom: Wallet before Recipient.
  const formRef = useFocusFirstInvalid(form.formState.submitCount, errors);
  const walletId = form.watch('walletId');
  const speed = form.watch('speed') ?? DEFAULT_GAS_SPEED;
  const amountText = form.watch('amount');
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

  // MAX follows the chosen speed and every new quote until the user types an amount of their own.
  const [isMaxAmount, setMaxAmount] = useState(false);
  const maxSendable = selectedQuote ? maxAmountText(selectedQuote, asset) : undefined;
  useEffect(() => {
    if (isMaxAmount && maxSendable !== undefined) form.setValue('amount', maxSendable, { shouldValidate: form.formState.isSubmitted });
  }, [form, isMaxAmount, maxSendable]);

  const sendTransaction = useSendTransaction();
  // Too many sends this minute: the server's message (toast) says how long; the button waits that long.
  const wait = useRetryWait(sendTransaction.error);
  const attempts = useRef(createSendAttempts());
  const isInFlight = useRef(false);
  const [confirmation, setConfirmation] = useState<{ dialog: RecipientConfirmation; values: SendFormValues }>();

  const currency = useCurrencyStore((state) => state.currency);
  const { prices } = usePrices();

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

  function applyScan(recipient: ScannedRecipient) {
    form.setValue('to', recipient.address, { shouldValidate: isSubmitted });
    if (wallet && recipient.network !== undefined && recipient.network !== wallet.network) {
      toast.warning(`This QR code is for ${NETWORKS[recipient.network].label}, but you are sending from ${wallet.networkLabel}.`);
    }
  }

  /** `acknowledged`: the warnings the user confirmed for this send, which its alerts do not repeat. */
  async function send(values: SendFormValues, quote: FeeQuoteView | undefined, acknowledged?: AcknowledgedSend): Promise<void> {
    const sentAsset = sendableAssetOf(wallets, values.walletId, values.asset);
    const amount = isMaxAmount && quote ? maxAmountText(quote, sentAsset) : values.amount.trim();
    const attempt = attempts.current.next({
      walletId: values.walletId,
      asset: values.asset,
      to: values.to.trim(),
      amount,
      speed: values.speed,
      feeQuoteId: quote?.quoteId,
    });
    try {
      const response = await sendTransaction.mutateAsync(attempt);
      acknowledged?.settle(response.alerts);
      attempts.current.settle();
      toast.success(SEND_SUCCESS_MESSAGE, { description: sentDescription(response.transaction) });
      await navigate('/dashboard');
    } catch (error) {
      acknowledged?.end();
      // A 4xx is the server's decision; after no answer, a bad one or a 5xx the send may have happened, so
      // a retry of the same send keeps its key (docs/product.md#payment-system-failures).
      const failure = describeSendFailure(error);
      if (failure.isDecided && error instanceof ApiError) {
        attempts.current.settle();
        // Which field a refusal from the server belongs to: the domain's error registry says.
        const field = apiErrorFieldIn(error.code, SEND_FIELDS);
        if (field) form.setError(field, { message: error.message });
      }
      const tryAgain = { label: PAYMENT_MESSAGES.tryAgain, onClick: () => void sendAgain(values, quote) };
      if (failure.isTimeout) toast.error(failure.message, { action: tryAgain });
      else toast.error(failure.message);
    }
  }

  /** "Try again" after a timeout: the same request with the same Idempotency-Key, so it is carried out once. */
  async function sendAgain(values: SendFormValues, quote: FeeQuoteView | undefined) {
    if (isInFlight.current) return;
    isInFlight.current = true;
    try {
      await send(values, quote);
    } finally {
      isInFlight.current = false;
    }
  }

  async function submit(values: SendFormValues, quotesAtClick: FeeQuotesResponse | undefined) {
    // A second click (or Enter) while a send is being checked or sent does nothing.
    if (isInFlight.current) return;
    isInFlight.current = true;
    try {
      const sender = wallets.find((candidate) => candidate.id === values.walletId);
      const quote = quotesAtClick?.quotes.find((candidate) => candidate.speed === values.speed);
      // The asset the form shows: the wallet's coin unless another was chosen.
      const symbol = values.asset || (sender ? nativeSymbolOf(sender) : undefined);
      const check = checkSend({
        network: sender?.network,
        from: sender?.address,
        balances: sender ? balancesForCheck(sender, quotesAtClick) : undefined,
        asset: symbol,
        amount: values.amount,
        // Without a quote the server charges the fee of the moment; the balance rule is then left to it.
        fee: quote ? BigInt(quote.feeUnits) : 0n,
        to: values.to,
      });
      if (!check.ok) {
        form.setError(check.field, { message: check.message });
        return;
      }
      if (!sender) return;
      const checked = { ...values, asset: check.asset.symbol, to: check.to };
      const assessment = await assessWithHistory(sender, check.to, wallets);
      if (assessment.kind !== 'familiar') {
        setConfirmation({ dialog: { assessment, to: check.to, networkLabel: sender.networkLabel }, values: checked });
        return;
      }
      await send(checked, quote);
    } finally {
      isInFlight.current = false;
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // The quote on screen at the click, not one that arrives while the checks run.
    const quotesAtClick = quotes;
    void form.handleSubmit((values) => submit(values, quotesAtClick))(event);
  }

  async function confirmSend() {
    const pending = confirmation;
    setConfirmation(undefined);
    if (!pending || isInFlight.current) return;
    isInFlight.current = true;
    try {
      // The dialog showed the live quote, so that is the one to send.
      await send(pending.values, selectedQuote, acknowledgeWarnings(reasonsConfirmedBy(pending.dialog.assessment)));
    } finally {
      isInFlight.current = false;
    }
  }

  const symbol = asset?.symbol;
  // Every fee is in the network's coin, whatever the asset sent.
  const feeSymbol = quotes?.symbol ?? (wallet ? nativeSymbolOf(wallet) : undefined);
  const isToken = asset?.kind === 'token';
  const amountUnits = asset ? parseAmount(amountText ?? '', asset.decimals) : undefined;
  const assetPrice = asset ? prices?.[asset.priceTokenId]?.prices[currency] : undefined;
  const coinPrice = wallet ? prices?.[NETWORKS[wallet.network].priceTokenId]?.prices[currency] : undefined;
  const fiatValue =
    assetPrice !== undefined && isPositiveDecimalText(amountText ?? '') ? formatFiat(Number(amountText) * assetPrice, currency) : undefined;
  const hasAmount = amountUnits?.ok === true && amountUnits.units > 0n;
  // A coin transfer costs amount + fee of the coin; a token transfer the amount of the token and the fee of the coin.
  const total =
    wallet && asset && selectedQuote && amountUnits?.ok && hasAmount
      ? isToken
        ? `${formatAmountTrimmed(amountUnits.units, asset.decimals)} ${asset.symbol} + ${selectedQuote.fee} ${feeSymbol ?? ''}`.trim()
        : `${formatAmountTrimmed(amountUnits.units + BigInt(selectedQuote.feeUnits), asset.decimals)} ${asset.symbol}`
      : undefined;
  const feeState = !wallet ? 'no-wallet' : quotes ? 'ready' : feeQuotes.isError ? 'error' : 'loading';
  const isBusy = isSubmitting || sendTransaction.isPending;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Send funds">
      <WalletSelect wallets={wallets} value={walletId} onChange={selectWallet} error={errors.walletId?.message} />

      <AssetSelect
        assets={assets}
        value={asset?.symbol ?? ''}
        onChange={selectAsset}
        feeAsset={isToken ? nativeBalance : undefined}
        error={errors.asset?.message}
      />

      <Field label="Recipient Address" error={errors.to?.message}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              {...form.register('to')}
              className="font-mono"
              autoComplete="off"
              spellCheck={false}
              placeholder={wallet && NETWORKS[wallet.network].family === 'solana' ? 'Solana address' : '0x…'}
            />
            <QrScannerDialog
              onScan={applyScan}
              trigger={
                <Button variant="outline" aria-label="Scan QR code" className="shrink-0 px-3">
                  <ScanLine aria-hidden className="h-5 w-5" />
                </Button>
              }
            />
          </div>
        )}
      </Field>

      <Field
        label="Amount"
        error={errors.amount?.message}
        hint={
          fiatValue !== undefined || selectedQuote ? (
            <>
              {fiatValue !== undefined && <span className="block">{`≈ ${fiatValue}`}</span>}
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
            <div className="relative min-w-0 flex-1">
              <Input
                {...control}
                {...form.register('amount', { onChange: () => setMaxAmount(false) })}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                className="pr-16"
              />
              {symbol && (
                <span aria-hidden className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm font-medium text-slate-600 dark:text-slate-300">
                  {symbol}
                </span>
              )}
            </div>
            <Button
              variant="outline"
              className="shrink-0"
              disabled={!selectedQuote}
              onClick={() => {
                setMaxAmount(true);
                if (selectedQuote) form.setValue('amount', maxAmountText(selectedQuote, asset), { shouldValidate: isSubmitted });
              }}
            >
              MAX
            </Button>
          </div>
        )}
      </Field>

      <GasSpeedSelector
        quotes={quotes?.quotes}
        symbol={feeSymbol}
        network={wallet?.network}
        gasUsed={quotes?.gasUsed}
        coinPrice={coinPrice}
        currency={currency}
        value={speed}
        onChange={(nextSpeed) => form.setValue('speed', nextSpeed)}
        updatedAtMs={quotes && !feeQuotes.isPlaceholderData ? feeQuotes.dataUpdatedAt : undefined}
        state={feeState}
        onRetry={() => void feeQuotes.refetch()}
      />

      {selectedQuote && feeSymbol && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600 dark:text-slate-400">Network fee</dt>
          <dd className="text-right font-mono">{`${selectedQuote.fee} ${feeSymbol}`}</dd>
          {total !== undefined && (
            <>
              <dt className="text-slate-600 dark:text-slate-400">Total</dt>
              <dd className="text-right font-mono break-all">{total}</dd>
            </>
          )}
        </dl>
      )}

      <Alert tone="warning">{SEND_TESTNET_WARNING}</Alert>

      <Button type="submit" size="lg" className="w-full" isBusy={isBusy} disabled={wait > 0}>
        Send Transaction
      </Button>
      <RetryWait seconds={wait} />

      <RecipientConfirmDialog
        confirmation={confirmation?.dialog}
        summary={{ amount: amountText ?? '', fee: selectedQuote?.fee, symbol: symbol ?? '', feeSymbol: feeSymbol ?? '' }}
        onConfirm={() => void confirmSend()}
        onCancel={() => setConfirmation(undefined)}
      />
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
