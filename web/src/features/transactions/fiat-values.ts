import {
  type DisplayCurrency,
  type PricesByToken,
  type TransactionView,
  assetToFiatMinor,
  findAsset,
  formatFiatMinor,
  percentOf,
  rateOf,
} from '@fincrypt/domain';

/**
 * A transaction's worth in money (docs/product.md#cross-border-payments): the value it had when sent (kept by the
 * server with the transaction, never recomputed) and its value now (the amount at today's price in the viewer's
 * display currency). Fiat is exact: integers in the currency's minor unit.
 */
export interface FiatValue {
  currency: DisplayCurrency;
  minor: bigint;
}

/** Live prices as the prices feature holds them (each coin in every display currency); undefined while loading. */
export type LivePrices = PricesByToken | undefined;

type ValueFields = Pick<TransactionView, 'type' | 'valueAtSend'>;

/**
 * The value a transaction had when sent, as the viewer sees it: a send in the sender's currency, a receive in the
 * recipient's. When one of the kept values (the viewer's side, the other side, US dollars) is in the viewer's
 * display currency, that one is used, so the value then and the value now compare in one currency. Undefined when
 * none was kept (mints, rows from before values were kept): the page says "not recorded" rather than invent one.
 */
export function valueThen(transaction: ValueFields, displayCurrency: DisplayCurrency): FiatValue | undefined {
  const kept = transaction.valueAtSend;
  if (!kept) return undefined;
  const sender: FiatValue = { currency: kept.senderCurrency, minor: BigInt(kept.senderMinor) };
  const recipient: FiatValue = { currency: kept.recipientCurrency, minor: BigInt(kept.recipientMinor) };
  const usd: FiatValue = { currency: 'usd', minor: BigInt(kept.usdCents) };
  const [own, other] = transaction.type === 'receive' ? [recipient, sender] : [sender, recipient];
  return [own, other, usd].find((value) => value.currency === displayCurrency) ?? own;
}

/**
 * The amount at the live price in `currency`, rounded down (a value is never flattered); undefined while the price
 * is unknown, or for an asset this app cannot price.
 */
export function valueNow(
  transaction: Pick<TransactionView, 'network' | 'asset' | 'amountUnits'>,
  prices: LivePrices,
  currency: DisplayCurrency,
): FiatValue | undefined {
  const asset = findAsset(transaction.network, transaction.asset);
  const rate = asset ? rateOf(prices, asset.priceTokenId, currency) : undefined;
  if (!asset || rate === undefined) return undefined;
  return { currency, minor: assetToFiatMinor(BigInt(transaction.amountUnits), asset.decimals, rate, currency, 'down') };
}

/** "+₹120.00 (+1.20%)", "-€3.10 (-0.45%)", "-₹0.01" (under 0.005%), "no change": how the value moved since it was sent; undefined across currencies. */
export function valueChangeText(then: FiatValue | undefined, now: FiatValue | undefined): string | undefined {
  if (!then || !now || then.currency !== now.currency) return undefined;
  const delta = now.minor - then.minor;
  if (delta === 0n) return 'no change';
  const sign = delta > 0n ? '+' : '-';
  const magnitude = delta > 0n ? delta : -delta;
  const percent = percentOf(magnitude, then.minor);
  // A move that rounds to 0.00% is told in money alone (a signed zero percent would read as nothing).
  const percentText = percent === undefined || /^0\.0+$/.test(percent) ? '' : ` (${sign}${percent}%)`;
  return `${sign}${formatFiatMinor(magnitude, now.currency)}${percentText}`;
}

export const NOT_RECORDED = 'not recorded';

/** "₹10,000.00" or "not recorded". */
export function fiatText(value: FiatValue | undefined): string {
  return value ? formatFiatMinor(value.minor, value.currency) : NOT_RECORDED;
}

/** A list row's money line: "₹10,000.00 then · ₹10,120.00 now"; the value now is left out while prices load. */
export function rowValueLine(then: FiatValue | undefined, now: FiatValue | undefined): string {
  const thenText = then ? `${fiatText(then)} then` : `Value then ${NOT_RECORDED}`;
  return now ? `${thenText} · ${fiatText(now)} now` : thenText;
}

/**
 * The fiat part of an incoming payment's toast, "≈ €23.10": the recipient's value kept at send when it is in the
 * viewer's display currency, else the amount at the live price; undefined when neither is known.
 */
export function receivedFiatText(
  transaction: Pick<TransactionView, 'network' | 'asset' | 'amountUnits' | 'valueAtSend'>,
  prices: LivePrices,
  displayCurrency: DisplayCurrency,
): string | undefined {
  const kept = transaction.valueAtSend;
  const value =
    kept && kept.recipientCurrency === displayCurrency
      ? { currency: displayCurrency, minor: BigInt(kept.recipientMinor) }
      : valueNow(transaction, prices, displayCurrency);
  return value ? `≈ ${formatFiatMinor(value.minor, value.currency)}` : undefined;
}
