import { describe, expect, it } from 'vitest';
import { formatFiat, formatPercentChange, isDisplayCurrency } from './currency.ts';

describe('formatFiat', () => {
  it('shows two decimals with the currency symbol', () => {
    expect(formatFiat(2200, 'usd')).toBe('$2,200.00');
    expect(formatFiat(182000, 'inr')).toBe('₹182,000.00');
    expect(formatFiat(0.93, 'eur')).toBe('€0.93');
    expect(formatFiat(1750.5, 'gbp')).toBe('£1,750.50');
  });

  it('shows yen without decimals', () => {
    expect(formatFiat(325000.4, 'jpy')).toBe('¥325,000');
  });

  it('falls back to the symbol and 0.00 when the value is not a number', () => {
    expect(formatFiat(Number.NaN, 'usd')).toBe('$0.00');
    expect(formatFiat(undefined, 'inr')).toBe('₹0.00');
    expect(formatFiat(Number.POSITIVE_INFINITY, 'jpy')).toBe('¥0.00');
  });
});

describe('formatPercentChange', () => {
  it('adds a plus sign when the change is not negative', () => {
    expect(formatPercentChange(1.5)).toBe('+1.50%');
    expect(formatPercentChange(0)).toBe('+0.00%');
    expect(formatPercentChange(-0.001)).toBe('+0.00%');
    expect(formatPercentChange(-3.125)).toBe('-3.13%');
  });
});

describe('isDisplayCurrency', () => {
  it('accepts only the five currencies', () => {
    expect(isDisplayCurrency('inr')).toBe(true);
    expect(isDisplayCurrency('INR')).toBe(false);
    expect(isDisplayCurrency('btc')).toBe(false);
    expect(isDisplayCurrency(3)).toBe(false);
  });
});
