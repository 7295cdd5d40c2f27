/**
 * Numbers as the reader's locale writes them, through the platform's Intl.NumberFormat (decision 037). The locale is
 * the browser's (the runtime's on a server) unless pinned: the tests and the server's exports pin 'en-US', so what
 * they compare and write does not depend on the machine. Formatters are built once per (locale, options).
 */

let pinnedLocale: string | undefined;
const numberFormats = new Map<string, Intl.NumberFormat>();

/** Pins the locale every format of this package writes in; undefined returns to the browser's (the runtime's). */
export function pinFormatLocale(locale: string | undefined): void {
  pinnedLocale = locale;
  numberFormats.clear();
}

/** The pinned locale, or undefined for the browser's (the runtime's) own. */
export const formatLocale = (): string | undefined => pinnedLocale;

/** A memoized Intl.NumberFormat for the pinned (or the browser's) locale, or for `locale` when given. */
export function numberFormat(options: Intl.NumberFormatOptions, locale: string | undefined = pinnedLocale): Intl.NumberFormat {
  const key = `${locale ?? ''} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * A decimal text ("1234.5678", "-0.01") or a number; text is formatted exactly, digit for digit (Intl reads a
 * string as a decimal, not as a double), so amounts in an asset's smallest units never pass through a float.
 */
export type Numeric = number | string;

export interface DecimalFormat {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
}

/** Grouped, rounded half away from zero to at most `maximumFractionDigits` decimals (default 3, at least the minimum). */
export function formatDecimal(value: Numeric, { minimumFractionDigits = 0, maximumFractionDigits = Math.max(3, minimumFractionDigits) }: DecimalFormat = {}): string {
  return numberFormat({ minimumFractionDigits, maximumFractionDigits }).format(value as Intl.StringNumericLiteral);
}

/** Counts and block numbers ("12,345"). */
export function formatInteger(value: number): string {
  return formatDecimal(value, { maximumFractionDigits: 0 });
}

/**
 * Transactions per second, on the explorer and on Insights alike: a quiet demo ledger runs at a few per day, so
 * rates below 0.01 keep two significant digits ("0.0023") rather than reading as none.
 */
export function formatTps(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return '0.00';
  if (value >= 0.01) return formatDecimal(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return numberFormat({ maximumSignificantDigits: 2, maximumFractionDigits: 20 }).format(value);
}
