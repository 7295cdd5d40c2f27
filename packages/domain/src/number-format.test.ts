import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatFiat, formatFiatDigits } from './currency.ts';
import { formatFiatMinor, formatRateIn } from './fx.ts';
import { formatDecimal, formatInteger, formatTps, pinFormatLocale } from './number-format.ts';

describe('number formats through Intl, in the pinned locale', () => {
  beforeEach(() => pinFormatLocale('en-US'));
  afterEach(() => pinFormatLocale(undefined));

  it('group and round as the locale does, at most the decimals asked for', () => {
    expect(formatDecimal(1234.5)).toBe('1,234.5');
    expect(formatDecimal(0.14159, { maximumFractionDigits: 2 })).toBe('0.14');
    expect(formatDecimal(2.5, { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBe('2.50');
    expect(formatInteger(12345.6)).toBe('12,346');
  });

  it('write decimal text exactly, digit for digit, however long', () => {
    expect(formatDecimal('12345678901234567890.123456789012345678', { maximumFractionDigits: 18 })).toBe('12,345,678,901,234,567,890.123456789012345678');
    expect(formatFiatMinor(123456789012345678901n, 'inr')).toBe('₹1,234,567,890,123,456,789.01');
  });

  it('follow the pinned locale for grouping and the decimal sign', () => {
    pinFormatLocale('de-DE');
    expect(formatDecimal(1234.5)).toBe('1.234,5');
    pinFormatLocale('en-IN');
    expect(formatDecimal(1234567.5)).toBe('12,34,567.5');
    expect(formatFiat(1234567.5, 'inr')).toBe('₹12,34,567.50');
  });

  it('write money with the currency’s own symbol and decimals: yen has none', () => {
    expect(formatFiat(-1234.5, 'inr')).toBe('-₹1,234.50');
    expect(formatFiat(1234.5, 'jpy')).toBe('¥1,235');
    expect(formatFiat(Number.NaN, 'usd')).toBe('$0.00');
    expect(formatFiat(null, 'eur')).toBe('€0.00');
    expect(formatFiatDigits(0.01234, 'gbp', 4)).toBe('£0.0123');
    expect(formatFiatMinor(1500n, 'jpy')).toBe('¥1,500');
  });

  it('write a rate with at least the currency’s decimals and every decimal it has', () => {
    expect(formatRateIn('182000.5', 'inr')).toBe('₹182,000.50');
    expect(formatRateIn('0.01098', 'eur')).toBe('€0.01098');
    expect(formatRateIn('150', 'jpy')).toBe('¥150');
    expect(formatRateIn('1', 'usd')).toBe('$1.00');
  });
});

describe('formatTps', () => {
  it('keeps two significant digits below 0.01 and two decimals above', () => {
    pinFormatLocale('en-US');
    expect(formatTps(2 / 86_400)).toBe('0.000023');
    expect(formatTps(0)).toBe('0.00');
    expect(formatTps(3.14159)).toBe('3.14');
    pinFormatLocale(undefined);
  });
});
