/**
 * Numbers as en-US shows them ("1,234.5"), written without Intl. A page's first Intl call loads the browser's
 * locale data: 35–70 ms in one task on the benchmark's machine, every page load (docs/benchmarks.md). These give the
 * same text as `Intl.NumberFormat('en-US', …)` for the options they take, which number-format.test.ts checks against
 * Intl itself over many random values.
 */

/** A number's shortest round-trip digits (the decimal ICU formats a double from) and the power of ten of the first. */
export interface Significand {
  /** No leading or trailing zeros; "" for zero. */
  digits: string;
  /** 0.0123 is { digits: '123', exponent: -2 }; 0 for zero. */
  exponent: number;
}

/** |value|'s significand, for a finite value. */
export function significandOf(value: number): Significand {
  const [mantissa = '', exponentText = '0'] = String(Math.abs(value)).split('e');
  const pointIndex = mantissa.indexOf('.');
  const allDigits = mantissa.replace('.', '');
  const leadingZeros = /^0*/.exec(allDigits)![0].length;
  const digits = allDigits.slice(leadingZeros).replace(/0+$/, '');
  if (!digits) return { digits, exponent: 0 };
  const wholeLength = pointIndex < 0 ? mantissa.length : pointIndex;
  return { digits, exponent: wholeLength - 1 - leadingZeros + Number(exponentText) };
}

/** A finite number's decimal digits as its shortest round-trip text has them (as ICU rounds them), without sign. */
interface DecimalDigits {
  /** Digits before the decimal point, without leading zeros ("" for none). */
  whole: string;
  /** Digits after it, without trailing zeros. */
  fraction: string;
}

function decimalDigitsOf(value: number): DecimalDigits {
  const { digits, exponent } = significandOf(value);
  if (!digits) return { whole: '', fraction: '' };
  const pointAt = exponent + 1;
  const whole = pointAt <= 0 ? '' : digits.slice(0, pointAt).padEnd(pointAt, '0');
  const fraction = pointAt >= digits.length ? '' : pointAt < 0 ? '0'.repeat(-pointAt) + digits : digits.slice(pointAt);
  return { whole, fraction };
}

/** Adds one to a string of decimal digits ("199" → "200", "99" → "100"). */
function incrementDigits(digits: string): string {
  let carry = 1;
  let result = '';
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    const sum = Number(digits[i]) + carry;
    result = String(sum % 10) + result;
    carry = sum >= 10 ? 1 : 0;
  }
  return carry ? `1${result}` : result;
}

/** Rounds to `places` fraction digits, half away from zero (Intl's default `halfExpand`). */
function roundDigits({ whole, fraction }: DecimalDigits, places: number): DecimalDigits {
  if (fraction.length <= places) return { whole, fraction };
  const kept = whole + fraction.slice(0, places);
  const roundsUp = fraction[places]! >= '5';
  const rounded = roundsUp ? incrementDigits(kept.padStart(1, '0')) : kept;
  const wholeLength = rounded.length - places;
  return { whole: rounded.slice(0, wholeLength).replace(/^0+/, ''), fraction: rounded.slice(wholeLength).replace(/0+$/, '') };
}

/** "1234567" → "1,234,567". */
export function groupThousands(wholeDigits: string): string {
  return wholeDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export interface DecimalFormat {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
}

/**
 * `new Intl.NumberFormat('en-US', { minimumFractionDigits, maximumFractionDigits }).format(value)`: grouped, rounded
 * half away from zero at most `maximumFractionDigits` (default 3, at least the minimum) decimals. Negative values,
 * -0 and values that round to zero from below keep their "-" as Intl's do; NaN and ±Infinity read as Intl writes them.
 */
export function formatDecimal(value: number, { minimumFractionDigits = 0, maximumFractionDigits = Math.max(3, minimumFractionDigits) }: DecimalFormat = {}): string {
  if (Number.isNaN(value)) return 'NaN';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (!Number.isFinite(value)) return `${sign}∞`;
  // Whole digit counts, as Intl takes them.
  const { whole, fraction } = roundDigits(decimalDigitsOf(value), Math.floor(maximumFractionDigits));
  const shownFraction = fraction.padEnd(Math.floor(minimumFractionDigits), '0');
  return `${sign}${groupThousands(whole || '0')}${shownFraction ? `.${shownFraction}` : ''}`;
}

/** `value.toLocaleString('en-US')` for the counts and block numbers the app shows ("12,345"). */
export function formatInteger(value: number): string {
  return formatDecimal(value);
}
