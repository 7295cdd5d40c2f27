import { type DisplayCurrency, type FeeQuoteView, type PricedPayment, formatAmountTrimmed, formatFiatMinor, shortAmount } from '@fincrypt/domain';
import type { SendableAsset } from '../send-assets.ts';

const INDICATIVE_NOTE = 'Indicative, at the live price. Review gets a firm quote.';

export interface SendSummaryProps {
  quote: FeeQuoteView;
  asset: SendableAsset | undefined;
  /** The network's coin, in which every fee is paid. */
  feeSymbol: string;
  /** The indicative figures of the amount, when they can be priced. */
  priced: PricedPayment | undefined;
  senderCurrency: DisplayCurrency;
  recipientCurrency: DisplayCurrency;
}

/** A coin transfer costs amount + fee of the coin; a token transfer the amount of the token and the fee of the coin. */
function totalText(quote: FeeQuoteView, asset: SendableAsset, feeSymbol: string, sentUnits: bigint): string {
  return asset.kind === 'token'
    ? `${shortAmount(formatAmountTrimmed(sentUnits, asset.decimals))} ${asset.symbol} + ${quote.fee} ${feeSymbol}`.trim()
    : `${shortAmount(formatAmountTrimmed(sentUnits + BigInt(quote.feeUnits), asset.decimals))} ${asset.symbol}`;
}

/** Under the Send form: the network fee of the chosen speed, the total, and what each side pays and gets (indicative). */
export function SendSummary({ quote, asset, feeSymbol, priced, senderCurrency, recipientCurrency }: SendSummaryProps) {
  const total = asset && priced ? totalText(quote, asset, feeSymbol, priced.amountUnits) : undefined;
  return (
    <div className="space-y-1">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">Network fee</dt>
        <dd className="text-right font-mono">{`${quote.fee} ${feeSymbol}`}</dd>
        {total !== undefined && (
          <>
            <dt className="text-slate-600 dark:text-slate-400">Total</dt>
            <dd className="text-right font-mono break-words">{total}</dd>
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
  );
}
