/** Longest integer part accepted; 40 digits is far beyond any supply and keeps bigint work bounded. */
export const MAX_INTEGER_DIGITS = 40;
/** Longest fraction accepted before the network's own decimals are even considered. */
export const MAX_FRACTION_DIGITS = 40;

export type AmountError = 'empty' | 'negative' | 'invalid' | 'too_long' | 'too_many_decimals';

export type DecimalTextResult =
  | { ok: true; integerDigits: string; fractionDigits: string }
  | { ok: false; error: Exclude<AmountError, 'too_many_decimals'> };

export type AmountResult = { ok: true; units: bigint } | { ok: false; error: AmountError };

const DECIMAL_TEXT = /^(\d*)(?:\.(\d*))?$/;

/**
 * Reads a plain, non-negative decimal such as "12", "0.5", ".5" or "5." (surrounding spaces allowed).
 * Signs, exponents, grouping separators and anything else are refused, so what the user typed is
 * exactly what is read.
 */
export function parseDecimalText(text: string): DecimalTextResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'empty' };
  if (trimmed.startsWith('-')) return { ok: false, error: 'negative' };
  const match = DECIMAL_TEXT.exec(trimmed);
  const integerDigits = match?.[1] ?? '';
  const fractionDigits = match?.[2] ?? '';
  if (!match || (integerDigits === '' && fractionDigits === '')) return { ok: false, error: 'invalid' };
  if (integerDigits.length > MAX_INTEGER_DIGITS || fractionDigits.length > MAX_FRACTION_DIGITS) {
    return { ok: false, error: 'too_long' };
  }
  return { ok: true, integerDigits, fractionDigits };
}

/** Parses user text into the smallest unit of an asset with `decimals` decimals. */
export function parseAmount(text: string, decimals: number): AmountResult {
  const parsed = parseDecimalText(text);
  if (!parsed.ok) return parsed;
  if (parsed.fractionDigits.length > decimals) return { ok: false, error: 'too_many_decimals' };
  const digits = (parsed.integerDigits || '0') + parsed.fractionDigits.padEnd(decimals, '0');
  return { ok: true, units: BigInt(digits) };
}

/** True when the text is a well-formed decimal above zero, whatever the asset's decimals. */
export function isPositiveDecimalText(text: string): boolean {
  const parsed = parseDecimalText(text);
  return parsed.ok && /[1-9]/.test(parsed.integerDigits + parsed.fractionDigits);
}

function splitUnits(units: bigint, decimals: number): { sign: string; whole: string; fraction: string } {
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString().padStart(decimals + 1, '0');
  return { sign, whole: digits.slice(0, digits.length - decimals), fraction: digits.slice(digits.length - decimals) };
}

/**
 * Shows `units` with exactly `places` decimals, cutting extra digits off (never rounding up), so a
 * balance is never shown larger than it is. A negative amount keeps its sign unless it shows as zero.
 */
export function formatAmount(units: bigint, decimals: number, places: number): string {
  const { sign, whole, fraction } = splitUnits(units, decimals);
  const shownFraction = fraction.slice(0, places).padEnd(places, '0');
  const isShownZero = /^0*$/.test(whole + shownFraction);
  const body = places > 0 ? `${whole}.${shownFraction}` : whole;
  return (isShownZero ? '' : sign) + body;
}

/** Full precision without trailing zeros: "1.5", "100", "0.000000000000000001". */
export function formatAmountTrimmed(units: bigint, decimals: number): string {
  const { sign, whole, fraction } = splitUnits(units, decimals);
  const trimmedFraction = fraction.replace(/0+$/, '');
  return sign + (trimmedFraction ? `${whole}.${trimmedFraction}` : whole);
}

/** The most decimals an amount shows in lists, forms, reviews and toasts; the detail page, receipt and CSV show it exact. */
export const SHORT_AMOUNT_PLACES = 6;

/**
 * An exact decimal amount ("0.055205767473223190") as people read it: at most SHORT_AMOUNT_PLACES decimals, cut (never
 * rounded up, so it never shows more than there is), trailing zeros dropped ("0.055205"); a non-zero amount too small
 * to show reads "<0.000001" rather than 0.
 */
export function shortAmount(exact: string, places = SHORT_AMOUNT_PLACES): string {
  const sign = exact.startsWith('-') ? '-' : '';
  const [whole = '0', fraction = ''] = exact.replace(/^[-+]/, '').split('.');
  const shown = fraction.slice(0, places).replace(/0+$/, '');
  if (/^0*$/.test(whole + shown) && /[1-9]/.test(fraction)) return `${sign}<0.${'0'.repeat(places - 1)}1`;
  return sign + (shown ? `${whole}.${shown}` : whole);
}

/** 10^decimals as a bigint: one whole coin in its smallest unit. */
export function unitsPerCoin(decimals: number): bigint {
  return 10n ** BigInt(decimals);
}
