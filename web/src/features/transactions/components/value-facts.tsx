import { type ExplorerTransaction, type TransactionView, formatFiatMinor } from '@fincrypt/domain';
import { useCurrencyStore } from '../../preferences/index.ts';
import { usePrices } from '../../prices/index.ts';
import { fiatText, valueChangeText, valueNow, valueThen } from '../fiat-values.ts';
import { priceSourceText } from '../fiat-labels.ts';
import { FactRow } from './transaction-facts.tsx';

const NOTE = 'block text-sm text-slate-600 dark:text-slate-300';

/** The value now, and how it moved since it was sent when both are in one currency. */
function NowFact({ now, change, extra }: { now: string; change: string | undefined; extra?: string }) {
  return (
    <FactRow label="Value now">
      <span className="font-medium tabular-nums" data-testid="value-now">
        {now}
      </span>
      {extra && <span className={NOTE}>{extra}</span>}
      {change && <span className={NOTE}>{`${change} since it was sent`}</span>}
    </FactRow>
  );
}

/**
 * The owner's detail: the value when sent (kept with the transaction, in the viewer's side's currency or the display
 * currency when one was kept in it), every value kept, and the value now at the live price in the display currency.
 */
export function OwnValueFacts({ transaction }: { transaction: TransactionView }) {
  const { prices } = usePrices();
  const currency = useCurrencyStore((state) => state.currency);
  const then = valueThen(transaction, currency);
  const now = valueNow(transaction, prices, currency);
  const kept = transaction.valueAtSend;
  return (
    <>
      <FactRow label="Value then">
        <span className="font-medium tabular-nums" data-testid="value-then">
          {fiatText(then)}
        </span>
        {kept ? (
          <span className={NOTE}>
            {`When sent: sender ${formatFiatMinor(BigInt(kept.senderMinor), kept.senderCurrency)} · recipient ${formatFiatMinor(
              BigInt(kept.recipientMinor),
              kept.recipientCurrency,
            )} · ${formatFiatMinor(BigInt(kept.usdCents), 'usd')} (${priceSourceText(kept.source)})`}
          </span>
        ) : (
          <span className={NOTE}>No fiat value was kept when this transaction was made.</span>
        )}
      </FactRow>
      <NowFact now={now ? fiatText(now) : '—'} change={valueChangeText(then, now)} />
    </>
  );
}

/**
 * The public explorer: of the values kept at send only the US-dollar one (the parties' currencies are theirs), and
 * the value now in the visitor's display currency, with US dollars beside it to compare.
 */
export function ExplorerValueFacts({ transaction }: { transaction: ExplorerTransaction }) {
  const { prices } = usePrices();
  const currency = useCurrencyStore((state) => state.currency);
  const amount = { network: transaction.network, asset: transaction.asset, amountUnits: transaction.valueUnits };
  const then = transaction.usdValueAtSendCents === null ? undefined : { currency: 'usd' as const, minor: BigInt(transaction.usdValueAtSendCents) };
  const now = valueNow(amount, prices, currency);
  const nowUsd = currency === 'usd' ? now : valueNow(amount, prices, 'usd');
  return (
    <>
      <FactRow label="Value then">
        <span className="font-medium tabular-nums" data-testid="value-then">
          {fiatText(then)}
        </span>
        <span className={NOTE}>{then ? 'In US dollars, when it was sent' : 'No value was kept when this transaction was made.'}</span>
      </FactRow>
      <NowFact
        now={now ? fiatText(now) : '—'}
        extra={currency !== 'usd' && nowUsd ? `${fiatText(nowUsd)} in US dollars` : undefined}
        change={valueChangeText(then, nowUsd)}
      />
    </>
  );
}
