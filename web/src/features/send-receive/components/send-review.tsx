import {
  CURRENCY_SYMBOLS,
  type DisplayCurrency,
  type PaymentQuote,
  QUOTE_MESSAGES,
  feeShareLevel,
  formatDateTime,
  formatFiatMinor,
  formatRateIn,
  shortAmount,
} from '@fincrypt/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { RetryWait } from '../../../components/ui/retry-wait.tsx';
import type { ReceivedQuote } from '../api/create-quote.ts';
import { formatWait } from '../../../lib/use-retry-wait.ts';
import { SaveContactButton } from '../../contacts/index.ts';
import { useSecondsUntil } from '../../../lib/use-seconds-until.ts';
import type { RecipientAssessment } from '../recipient-assessment.ts';
import { CostComparisonTable } from './cost-comparison-table.tsx';
import { payingRequestText } from './paying-request-notice.tsx';
import { FeeShareWarning, LookalikeWarning, REVIEW_ADDRESS_CLASS } from './review-warnings.tsx';

export const REVIEW_HEADING = 'Review payment';

const SOURCE_LABELS: Record<PaymentQuote['rates']['source'], string> = {
  live: 'live price feed',
  simulated: 'simulated price feed',
  fallback: 'fallback prices',
};

const currencyName = (currency: DisplayCurrency) => `${CURRENCY_SYMBOLS[currency]} ${currency.toUpperCase()}`;

/** Why the recipient's fiat value does or does not move between now and arrival (docs/product.md#cross-border-payments). */
export function valueInFlightNote(quote: Pick<PaymentQuote, 'valueInFlight' | 'asset' | 'recipientCurrency'>): string {
  if (quote.valueInFlight === 'stable') {
    const dollarNote = quote.recipientCurrency === 'usd' ? '' : ` Only the dollar's exchange rate to ${currencyName(quote.recipientCurrency)} can move what it is worth to them.`;
    return `${quote.asset} is a stablecoin held at one US dollar, so its value does not move while the payment is in flight.${dollarNote}`;
  }
  return `The recipient gets ${quote.asset} itself: what it is worth in ${currencyName(quote.recipientCurrency)} will move with the market after this quote.`;
}

export interface SendReviewProps {
  received: ReceivedQuote;
  /** The first-payment or look-alike warning, shown in this one step ('familiar' shows none). */
  assessment: RecipientAssessment;
  networkLabel: string;
  /** The server refused the quote (expired, used, unknown): the message, and the button asks for a new one. */
  refusal: string | undefined;
  isSending: boolean;
  isRequoting: boolean;
  /** Seconds before the server takes another send (429); the button waits. */
  wait: number;
  onSend: () => void;
  onRequote: () => void;
  onEdit: () => void;
  /** Set when the send pays a payment request: the requester's display name ('' when the code named nobody). */
  payingRequestOf?: string;
}

/**
 * The one step between the form and the send: the firm quote with its countdown, the warnings about the
 * recipient, and the cost beside a bank wire. "Send Transaction" sends with the quote's id while it is fresh;
 * once it has run out (or the server refused it) the button asks for a new quote instead.
 */
export function SendReview({
  received,
  assessment,
  networkLabel,
  refusal,
  isSending,
  isRequoting,
  wait,
  onSend,
  onRequote,
  onEdit,
  payingRequestOf,
}: SendReviewProps) {
  const { quote } = received;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const secondsLeft = useSecondsUntil(received.expiresAtMs) ?? 0;
  const isExpired = secondsLeft <= 0 || refusal !== undefined;
  const { senderCurrency, recipientCurrency } = quote;
  // What Send waits for: a look-alike's whole address checked, and a fee above the payment itself accepted.
  const [hasCheckedAddress, setCheckedAddress] = useState(false);
  const [acceptsFee, setAcceptsFee] = useState(false);
  const feeLevel = feeShareLevel(quote.feePercent);
  const isConfirmationMissing = (assessment.kind === 'lookalike' && !hasCheckedAddress) || (feeLevel === 'confirm' && !acceptsFee);

  // The step opens with focus on its heading: a screen reader starts reading here, and Enter pressed out of
  // habit does not send.
  useEffect(() => headingRef.current?.focus(), []);

  const debits = quote.debits.map((debit) => `${shortAmount(debit.amount)} ${debit.asset}`).join(' + ');
  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {REVIEW_HEADING}
      </h2>
      {payingRequestOf !== undefined && <p className="text-sm font-semibold">{payingRequestText(payingRequestOf || undefined)}</p>}

      {assessment.kind === 'lookalike' && (
        <LookalikeWarning to={quote.to} imitated={assessment.imitated} checked={hasCheckedAddress} onCheckedChange={setCheckedAddress} />
      )}
      {assessment.kind === 'first-payment' && (
        <Alert tone="warning">
          <p className="font-semibold">First payment to this address</p>
          <p>{`You have never sent to this address on ${networkLabel}. Check every character: transactions cannot be reversed.`}</p>
          <p className="mt-2">Once you have checked it, save it as a contact: payments to a contact skip this warning.</p>
          <SaveContactButton network={quote.network} address={quote.to} className="mt-2" />
        </Alert>
      )}

      {feeLevel !== 'ok' && <FeeShareWarning quote={quote} level={feeLevel} accepted={acceptsFee} onAcceptedChange={setAcceptsFee} />}

      <div>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {assessment.kind === 'familiar' && assessment.contactName !== undefined ? `To your contact ${assessment.contactName} (${networkLabel})` : `To (${networkLabel})`}
        </p>
        <code className={REVIEW_ADDRESS_CLASS}>{quote.to}</code>
      </div>

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">You send</dt>
        <dd className="text-right font-mono">{formatFiatMinor(BigInt(quote.sender.amountMinor), senderCurrency)}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Network fee</dt>
        <dd className="text-right font-mono">{`${formatFiatMinor(BigInt(quote.sender.feeMinor), senderCurrency)} (${quote.fee} ${quote.feeSymbol}, ${quote.feePercent}% of the amount)`}</dd>
        <dt className="text-slate-600 dark:text-slate-400">FX markup</dt>
        <dd className="text-right font-mono">{`${quote.fxMarkupPercent}% — nothing is converted: ${quote.asset} moves on-chain`}</dd>
        <dt className="font-medium">Total cost</dt>
        <dd className="text-right font-mono font-medium">{formatFiatMinor(BigInt(quote.sender.totalMinor), senderCurrency)}</dd>
        <dt className="font-medium">They receive</dt>
        <dd className="text-right font-mono font-medium">{formatFiatMinor(BigInt(quote.recipient.amountMinor), recipientCurrency)}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Amount sent</dt>
        <dd className="text-right font-mono">
          <span>{`${shortAmount(quote.amount)} ${quote.asset}`}</span>
          {/* The exact amount (every decimal), for whoever checks it against a wallet or an explorer. */}
          <CopyButton value={quote.amount} label="Copy exact amount" successMessage={`Copied ${quote.amount} ${quote.asset}`} className="ml-2" />
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">Debited from your wallet</dt>
        <dd className="text-right font-mono break-words">{debits}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Rates</dt>
        <dd className="text-right font-mono">
          <span className="block">{`1 ${quote.asset} = ${formatRateIn(quote.rates.assetToSender, senderCurrency)}`}</span>
          {recipientCurrency !== senderCurrency && (
            <>
              <span className="block">{`1 ${quote.asset} = ${formatRateIn(quote.rates.assetToRecipient, recipientCurrency)}`}</span>
              <span className="block">{`${formatRateIn('1', senderCurrency)} = ${formatRateIn(quote.rates.senderToRecipient, recipientCurrency)}`}</span>
            </>
          )}
          <span className="block font-sans text-xs text-slate-600 dark:text-slate-400">{`From the ${SOURCE_LABELS[quote.rates.source]}, ${formatDateTime(quote.rates.at)}`}</span>
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">Time to final</dt>
        <dd className="text-right">{quote.timeToFinal}</dd>
      </dl>

      <p className="text-sm text-slate-700 dark:text-slate-300">{valueInFlightNote(quote)}</p>

      <CostComparisonTable comparison={quote.comparison} />

      <div aria-live="polite" className="text-sm">
        {isExpired ? (
          <Alert tone="warning">{refusal ?? QUOTE_MESSAGES.expired}</Alert>
        ) : (
          <p>
            {'Quote expires in '}
            <span role="timer" aria-live="off" className="font-mono font-semibold">
              {formatWait(secondsLeft)}
            </span>
          </p>
        )}
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onEdit} disabled={isSending}>
          Edit
        </Button>
        {isExpired ? (
          <Button size="lg" isBusy={isRequoting} onClick={onRequote}>
            Get a new quote
          </Button>
        ) : (
          <Button
            size="lg"
            variant={assessment.kind === 'lookalike' ? 'danger' : 'primary'}
            isBusy={isSending}
            disabled={wait > 0 || isConfirmationMissing}
            onClick={onSend}
          >
            Send Transaction
          </Button>
        )}
      </div>
      <RetryWait seconds={wait} />
    </section>
  );
}
