import { describe, expect, it } from 'vitest';
import { DISPLAY_CURRENCIES, formatFiat, formatFiatDigits, fractionDigitsFor } from './currency.ts';
import { formatDecimal, formatInteger, groupThousands } from './number-format.ts';
import { seededRandom } from './seeded-random.ts';

/** A deterministic stream of awkward numbers: every scale from 1e-9 to 1e22, halves and near-halves, integers, negatives. */
function* sampleNumbers(count: number): Generator<number> {
  const random = seededRandom(0x2545f491);
  const fixed = [0, -0, 0.5, 1.5, 2.5, -0.5, 1.005, 0.145, 0.995, 9.995, 999.9995, 1e21, 1.5e21, 1e-7, 123.4567, 99999.995, -0.004, -0.005, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2];
  yield* fixed;
  for (let i = 0; i < count; i += 1) {
    const scale = 10 ** Math.floor(random() * 32 - 9);
    const sign = random() < 0.3 ? -1 : 1;
    const kind = random();
    if (kind < 0.25) yield sign * Math.round(random() * scale);
    else if (kind < 0.5) yield sign * (Math.round(random() * 2000) / 2000 + Math.floor(random() * 10_000)) * (random() < 0.5 ? 1 : 0.001);
    else yield sign * random() * scale;
  }
}

describe('number formats without Intl', () => {
  it('group thousands as en-US does', () => {
    expect(groupThousands('')).toBe('');
    expect(groupThousands('123')).toBe('123');
    expect(groupThousands('1234')).toBe('1,234');
    expect(groupThousands('1234567')).toBe('1,234,567');
  });

  it('write every number as Intl.NumberFormat("en-US") does, for each fraction-digit setting the app uses', () => {
    const settings = [{}, { maximumFractionDigits: 0 }, { maximumFractionDigits: 2 }, { minimumFractionDigits: 2, maximumFractionDigits: 2 }, { maximumFractionDigits: 4 }, { maximumFractionDigits: 8 }, { minimumFractionDigits: 4, maximumFractionDigits: 6 }];
    const intl = settings.map((options) => new Intl.NumberFormat('en-US', options));
    let compared = 0;
    for (const value of sampleNumbers(4_000)) {
      settings.forEach((options, i) => {
        expect(formatDecimal(value, options), `${value} ${JSON.stringify(options)}`).toBe(intl[i]!.format(value));
        compared += 1;
      });
      expect(formatInteger(value), String(value)).toBe(value.toLocaleString('en-US'));
    }
    expect(compared).toBeGreaterThan(28_000);
  });

  it('write non-finite numbers as Intl does', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(formatDecimal(value)).toBe(new Intl.NumberFormat('en-US').format(value));
  });

  it('write fiat amounts as Intl\'s en-US currency style with narrow symbols does, in every display currency', () => {
    for (const currency of DISPLAY_CURRENCIES) {
      const digits = fractionDigitsFor(currency);
      const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase(), currencyDisplay: 'narrowSymbol', minimumFractionDigits: digits, maximumFractionDigits: digits });
      const precise = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase(), currencyDisplay: 'narrowSymbol', minimumFractionDigits: 4, maximumFractionDigits: 4 });
      for (const value of sampleNumbers(1_500)) {
        expect(formatFiat(value, currency), `${currency} ${value}`).toBe(intl.format(value));
        expect(formatFiatDigits(value, currency, 4), `${currency} ${value}`).toBe(precise.format(value));
      }
    }
    expect(formatFiat(Number.NaN, 'usd')).toBe('$0.00');
    expect(formatFiat(null, 'inr')).toBe('₹0.00');
  });
});
