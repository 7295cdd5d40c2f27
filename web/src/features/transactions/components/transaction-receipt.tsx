import {
  NETWORKS,
  type TimelineStep,
  type TransactionDetail,
  feeExact,
  feeBreakdownText,
  feeFromReceipt,
  formatDateTime,
  formatFiatMinor,
  formatInteger,
  transactionStatusDisplay,
  formatRateIn,
} from '@fincrypt/domain';
import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { priceSourceText } from '../fiat-labels.ts';
import { transactionKindLabel, tokenAddressLabel } from '../labels.ts';
import { fixedSideText } from '../payment-facts.ts';
import { valueInFlightText } from './quote-facts.tsx';

/**
 * The printable receipt (docs/product.md#cross-border-payments): the parties' addresses, the asset amount, the quote
 * and its rates, the fees, the fiat values, the times, the hash, and a QR code of the public explorer page. It is a
 * sheet of paper in either theme (light colours only), so it prints the same whatever the screen shows.
 */

const RECEIPT_QR_SIZE_PX = 132;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="break-inside-avoid pt-4" aria-label={title}>
      <h2 className="border-b border-slate-300 pb-1 text-sm font-semibold tracking-wide text-slate-700 uppercase">{title}</h2>
      <dl className="divide-y divide-slate-100">{children}</dl>
    </section>
  );
}

function Row({ label, children, mono = false }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="grid gap-0.5 py-1.5 sm:grid-cols-[13rem_minmax(0,1fr)] sm:gap-4 print:grid-cols-[13rem_minmax(0,1fr)] print:gap-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={mono ? 'min-w-0 font-mono text-sm break-all text-slate-900' : 'min-w-0 text-sm text-slate-900'}>{children}</dd>
    </div>
  );
}

/** A step's time on paper: when it happened, when it is expected, or "not yet". */
function stepWhen(step: TimelineStep | undefined): string {
  if (!step) return '—';
  if (step.at) return formatDateTime(step.at);
  if (step.expectedAt) return `expected ${formatDateTime(step.expectedAt)}`;
  return step.done ? 'time not known' : 'not yet';
}

export interface TransactionReceiptProps {
  transaction: TransactionDetail;
  /** The public explorer page of this transaction, as an absolute address: what the QR code holds. */
  explorerHref: string;
  issuedAt: Date;
}

export function TransactionReceipt({ transaction, explorerHref, issuedAt }: TransactionReceiptProps) {
  const { quote } = transaction;

  return (
    <article
      aria-labelledby="receipt-heading"
      data-testid="receipt"
      className="mx-auto max-w-3xl rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-sm sm:p-8 print:max-w-none print:rounded-none print:border-0 print:p-0 print:shadow-none"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-slate-900 pb-3">
        <div>
          <p className="text-sm font-semibold text-indigo-800">FinCrypt</p>
          <h1 id="receipt-heading" className="text-2xl font-bold">
            Payment receipt
          </h1>
          <p className="text-sm text-slate-600">{`Issued ${formatDateTime(issuedAt)}`}</p>
        </div>
        <p className="text-right text-sm">
          <span className="block font-semibold">{transactionStatusDisplay(transaction.status).label}</span>
          <span className="block text-slate-600">{`${transaction.confirmations} of 12 confirmations`}</span>
        </p>
      </header>

      <PaymentSection transaction={transaction} />

      <ValueWhenSentSection transaction={transaction} />

      {quote && <QuoteSection quote={quote} asset={transaction.asset} />}

      <TimesSection transaction={transaction} />

      <VerifySection explorerHref={explorerHref} />
    </article>
  );
}

/** What moved, between which addresses, on which network, and its exact fee. */
function PaymentSection({ transaction }: { transaction: TransactionDetail }) {
  const { quote } = transaction;
  const networkLabel = NETWORKS[transaction.network]?.label ?? transaction.network;
  const fee = feeExact(feeFromReceipt(transaction.gasUsed, transaction.effectiveGasPrice, transaction.network), transaction.network);
  return (
    <Section title="Payment">
      <Row label="Transaction hash" mono>
        {transaction.hash}
      </Row>
      <Row label="Type">{transactionKindLabel(transaction.type)}</Row>
      <Row label="Network">{networkLabel}</Row>
      <Row label="From" mono>
        {transaction.fromAddress}
      </Row>
      <Row label="To" mono>
        {transaction.toAddress}
      </Row>
      <Row label="Amount">
        <span className="font-semibold tabular-nums">{`${transaction.amount} ${transaction.symbol}`}</span>
      </Row>
      {transaction.tokenAddress !== undefined && (
        <Row label={tokenAddressLabel(transaction.network)} mono>
          {transaction.tokenAddress}
        </Row>
      )}
      <Row label="Network fee">
        <span className="tabular-nums">{`${fee} ${transaction.feeSymbol}`}</span>
        <span className="block text-slate-600">
          {feeBreakdownText(transaction.network, transaction.gasUsed, transaction.effectiveGasPrice)}
        </span>
      </Row>
      {quote && (
        <Row label="Debited from the sender">
          <span className="tabular-nums">{quote.debits.map((debit) => `${debit.amount} ${debit.asset}`).join(' + ')}</span>
        </Row>
      )}
    </Section>
  );
}

/** The payment's worth in each side's money, as recorded when it was sent. */
function ValueWhenSentSection({ transaction }: { transaction: TransactionDetail }) {
  const { quote, valueAtSend: kept } = transaction;
  return (
    <Section title="Value in money, when sent">
      {kept ? (
        <>
          <Row label="Sender's currency">
            <span className="tabular-nums" data-testid="receipt-sender-value">
              {formatFiatMinor(BigInt(kept.senderMinor), kept.senderCurrency)}
            </span>
          </Row>
          {quote && (
            <Row label="Network fee, sender's currency">
              <span className="tabular-nums">{`${formatFiatMinor(BigInt(quote.sender.feeMinor), quote.senderCurrency)} (${quote.feePercent}% of the amount)`}</span>
            </Row>
          )}
          {quote && (
            <Row label="Total paid">
              <span className="font-semibold tabular-nums" data-testid="receipt-sender-total">
                {formatFiatMinor(BigInt(quote.sender.totalMinor), quote.senderCurrency)}
              </span>
            </Row>
          )}
          <Row label="Recipient gets">
            <span className="font-semibold tabular-nums" data-testid="receipt-recipient-value">
              {formatFiatMinor(BigInt(kept.recipientMinor), kept.recipientCurrency)}
            </span>
          </Row>
          <Row label="US dollars">
            <span className="tabular-nums">{formatFiatMinor(BigInt(kept.usdCents), 'usd')}</span>
          </Row>
          <Row label="Priced by">{priceSourceText(kept.source)}</Row>
        </>
      ) : (
        <Row label="Fiat values">not recorded</Row>
      )}
    </Section>
  );
}

/** The firm quote the payment was sent at: its rates, their source and how long it held. */
function QuoteSection({ quote, asset }: { quote: NonNullable<TransactionDetail['quote']>; asset: TransactionDetail['asset'] }) {
  const unit = `1 ${asset}`;
  return (
    <Section title="Quote and rates">
      <Row label="Quote" mono>
        {quote.id}
      </Row>
      <Row label="Fixed">{fixedSideText(quote.fixed)}</Row>
      <Row label="Quoted">{formatDateTime(quote.createdAt)}</Row>
      <Row label="Valid until">{formatDateTime(quote.expiresAt)}</Row>
      <Row label="Rates">
        <span className="block tabular-nums">{`${unit} = ${formatRateIn(quote.rates.assetToSender, quote.senderCurrency)}`}</span>
        {quote.recipientCurrency !== quote.senderCurrency && (
          <span className="block tabular-nums">{`${unit} = ${formatRateIn(quote.rates.assetToRecipient, quote.recipientCurrency)}`}</span>
        )}
        <span className="block tabular-nums">{`${unit} = ${formatRateIn(quote.rates.assetToUsd, 'usd')}`}</span>
        {quote.feeSymbol !== quote.asset && (
          <span className="block tabular-nums">{`1 ${quote.feeSymbol} = ${formatRateIn(quote.rates.feeAssetToSender, quote.senderCurrency)}`}</span>
        )}
        {quote.recipientCurrency !== quote.senderCurrency && (
          <span className="block tabular-nums">{`${formatRateIn('1', quote.senderCurrency)} = ${formatRateIn(quote.rates.senderToRecipient, quote.recipientCurrency)}`}</span>
        )}
        <span className="block text-slate-600">{`${priceSourceText(quote.rates.source)}, ${formatDateTime(quote.rates.at)}`}</span>
      </Row>
      <Row label="FX markup">{`${quote.fxMarkupPercent}% (nothing is converted: the payment moves the asset itself)`}</Row>
      <Row label="In flight">{valueInFlightText(quote)}</Row>
    </Section>
  );
}

/** When each step of the payment happened. */
function TimesSection({ transaction }: { transaction: TransactionDetail }) {
  const { quote, timeline } = transaction;
  const step = (kind: TimelineStep['kind']) => timeline.find((candidate) => candidate.kind === kind);
  const included = step('included');
  const failed = step('failed');
  return (
    <Section title="Times">
      {quote && <Row label="Quoted">{stepWhen(step('quoted'))}</Row>}
      <Row label="Signed and broadcast">{formatDateTime(step('broadcast')?.at ?? transaction.timestamp)}</Row>
      {failed ? (
        <Row label="Failed">{stepWhen(failed)}</Row>
      ) : (
        <>
          <Row label={transaction.blockNumber === null ? 'Included in a block' : `Included in block ${formatInteger(transaction.blockNumber)}`}>
            {stepWhen(included)}
          </Row>
          <Row label="Final (12 confirmations)">{stepWhen(step('final'))}</Row>
        </>
      )}
    </Section>
  );
}

/** The QR code and link of the transaction's public explorer page. */
function VerifySection({ explorerHref }: { explorerHref: string }) {
  return (
    <section className="mt-6 flex flex-wrap items-center gap-4 border-t border-slate-300 pt-4 break-inside-avoid" aria-label="Verify">
      <div className="rounded bg-white p-1">
        <QRCodeSVG
          value={explorerHref}
          size={RECEIPT_QR_SIZE_PX}
          level="M"
          marginSize={2}
          role="img"
          aria-label="QR code of this transaction's public explorer page"
          data-testid="receipt-qr"
        />
      </div>
      <p className="min-w-0 flex-1 text-sm">
        <span className="block font-semibold">Verify this payment on the public explorer</span>
        <a href={explorerHref} className="font-mono text-xs break-all text-indigo-800 underline" data-testid="receipt-explorer-link">
          {explorerHref}
        </a>
      </p>
    </section>
  );
}
