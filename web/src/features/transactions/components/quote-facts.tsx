import {
  type PaymentQuote,
  formatDateTime,
  formatFiatMinor,
  formatRateIn,
} from '@fincrypt/domain';
import { Card } from '../../../components/ui/card.tsx';
import { priceSourceText } from '../fiat-labels.ts';
import { fixedSideText } from '../payment-facts.ts';
import { FactRow } from './transaction-facts.tsx';

const NOTE = 'block text-sm text-slate-600 dark:text-slate-300';

/** Why the value moves (or does not) between sending and arriving. */
export function valueInFlightText(quote: Pick<PaymentQuote, 'valueInFlight' | 'asset'>): string {
  return quote.valueInFlight === 'stable'
    ? `${quote.asset} is a stablecoin held at its peg: its value does not move while the payment is in flight.`
    : `The recipient's value in their currency moves with the market price of ${quote.asset} until they convert it.`;
}

/** The quote's rows (inside a <dl>): what was fixed, when, the rates of its one price snapshot, and the sender's and recipient's figures. */
export function QuoteFactRows({ quote }: { quote: PaymentQuote }) {
  const unit = `1 ${quote.asset}`;
  const coin = `1 ${quote.feeSymbol}`;
  return (
    <>
      <FactRow label="Quote">
        <span className="font-mono text-sm break-all">{quote.id}</span>
        <span className={NOTE}>{`Fixed: ${fixedSideText(quote.fixed)} · quoted ${formatDateTime(quote.createdAt)} · valid until ${formatDateTime(quote.expiresAt)}`}</span>
      </FactRow>
      <FactRow label="Rates">
        <ul className="space-y-0.5 text-sm tabular-nums" data-testid="quote-rates">
          <li>{`${unit} = ${formatRateIn(quote.rates.assetToSender, quote.senderCurrency)}`}</li>
          {quote.recipientCurrency !== quote.senderCurrency && <li>{`${unit} = ${formatRateIn(quote.rates.assetToRecipient, quote.recipientCurrency)}`}</li>}
          {quote.senderCurrency !== 'usd' && quote.recipientCurrency !== 'usd' && <li>{`${unit} = ${formatRateIn(quote.rates.assetToUsd, 'usd')}`}</li>}
          {quote.feeSymbol !== quote.asset && <li>{`${coin} = ${formatRateIn(quote.rates.feeAssetToSender, quote.senderCurrency)}`}</li>}
          {quote.recipientCurrency !== quote.senderCurrency && (
            <li>{`${formatRateIn('1', quote.senderCurrency)} = ${formatRateIn(quote.rates.senderToRecipient, quote.recipientCurrency)}`}</li>
          )}
        </ul>
        <span className={NOTE}>{`From the ${priceSourceText(quote.rates.source)} at ${formatDateTime(quote.rates.at)} · FX markup ${quote.fxMarkupPercent}%`}</span>
      </FactRow>
      <FactRow label="Sender pays">
        <span className="font-medium tabular-nums" data-testid="quote-sender-total">
          {formatFiatMinor(BigInt(quote.sender.totalMinor), quote.senderCurrency)}
        </span>
        <span className={NOTE}>
          {`${formatFiatMinor(BigInt(quote.sender.amountMinor), quote.senderCurrency)} + network fee ${formatFiatMinor(BigInt(quote.sender.feeMinor), quote.senderCurrency)} (${quote.feePercent}% of the amount)`}
        </span>
      </FactRow>
      <FactRow label="Recipient gets">
        <span className="font-medium tabular-nums" data-testid="quote-recipient-amount">
          {formatFiatMinor(BigInt(quote.recipient.amountMinor), quote.recipientCurrency)}
        </span>
        <span className={NOTE}>{valueInFlightText(quote)}</span>
      </FactRow>
    </>
  );
}

/** The detail page's card of the firm quote the send honoured. */
export function QuoteFactsCard({ quote }: { quote: PaymentQuote }) {
  return (
    <Card className="px-4 py-2 sm:px-6" role="region" aria-labelledby="quote-heading" data-testid="quote-facts">
      <h2 id="quote-heading" className="pt-3 text-lg font-semibold">
        Quote and rates
      </h2>
      <dl className="divide-y divide-slate-200 dark:divide-slate-700">
        <QuoteFactRows quote={quote} />
      </dl>
    </Card>
  );
}
