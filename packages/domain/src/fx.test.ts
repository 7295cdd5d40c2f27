import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISPLAY_CURRENCIES, type DisplayCurrency } from './currency.ts';
import {
  assetToFiatMinor,
  crossRateE8,
  fiatMinorToAsset,
  fiatMinorToText,
  formatFiatMinor,
  formatRate,
  parseFiatAmount,
  parseRate,
  percentOf,
  rateFromPrice,
  rateOf,
} from './fx.ts';

const ETH_DECIMALS = 18;
const USDC_DECIMALS = 6;
/** ₹182,000.5 per ETH. */
const ETH_INR = 18_200_050_000_000n;

const currencyArb = fc.constantFrom(...DISPLAY_CURRENCIES);
/** Rates from a millionth to ten million per whole unit, as the feeds give them. */
const rateArb = fc.bigInt({ min: 100n, max: 10n ** 15n });
const decimalsArb = fc.constantFrom(0, 2, 6, 9, 18);

describe('rates as exact integers', () => {
  it('reads a feed price as its printed decimal, half up to 8 places, and refuses what cannot price anything', () => {
    expect(rateFromPrice(182000.5)).toBe(ETH_INR);
    expect(rateFromPrice(0.1)).toBe(10_000_000n);
    expect(rateFromPrice(0.123456789)).toBe(12_345_679n);
    expect(rateFromPrice(0.000000004)).toBeUndefined();
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(rateFromPrice(bad)).toBeUndefined();
  });

  it("reads one coin's rate in one currency from live prices, and nothing while it is missing", () => {
    const prices = { ethereum: { prices: { inr: 182000.5, usd: 2200, eur: 2050, gbp: 1750, jpy: 325000 } } };
    expect(rateOf(prices, 'ethereum', 'inr')).toBe(ETH_INR);
    expect(rateOf(prices, 'solana', 'inr')).toBeUndefined();
    expect(rateOf(undefined, 'ethereum', 'inr')).toBeUndefined();
    expect(rateOf({ ethereum: { prices: { ...prices.ethereum.prices, inr: 0 } } }, 'ethereum', 'inr')).toBeUndefined();
  });

  it('prints a rate without trailing zeros and reads it back', () => {
    expect(formatRate(ETH_INR)).toBe('182000.5');
    expect(formatRate(100_000_000n)).toBe('1');
    expect(formatRate(1n)).toBe('0.00000001');
    fc.assert(fc.property(rateArb, (rate) => parseRate(formatRate(rate)) === rate));
  });

  it('crosses two rates of one asset into one currency in the other, rounded down', () => {
    // 1 ETH = ₹200,000 = $2,400: ₹1 = $0.012
    expect(formatRate(crossRateE8(200_000n * 10n ** 8n, 2_400n * 10n ** 8n))).toBe('0.012');
    expect(crossRateE8(3n * 10n ** 8n, 10n ** 8n)).toBe(33_333_333n);
  });
});

describe('conversion with the stated rounding (fx.ts)', () => {
  it('values an asset amount in minor units: the sender\'s cost rounded up, the recipient\'s amount down', () => {
    // 0.05 ETH at ₹182,000.5 = ₹9,100.025 → 910,003 paise up, 910,002 down.
    const amount = 5n * 10n ** 16n;
    expect(assetToFiatMinor(amount, ETH_DECIMALS, ETH_INR, 'inr', 'up')).toBe(910_003n);
    expect(assetToFiatMinor(amount, ETH_DECIMALS, ETH_INR, 'inr', 'down')).toBe(910_002n);
    // Yen has no minor unit: ¥ whole.
    expect(assetToFiatMinor(25_000_000n, USDC_DECIMALS, 15_012_000_000n, 'jpy', 'down')).toBe(3_753n);
    // An exact value rounds to itself either way.
    expect(assetToFiatMinor(10n ** 18n, ETH_DECIMALS, 2_000n * 10n ** 8n, 'usd', 'up')).toBe(200_000n);
    expect(() => assetToFiatMinor(-1n, ETH_DECIMALS, ETH_INR, 'inr', 'up')).toThrow(RangeError);
  });

  it('buys an asset amount with minor units: the sender\'s fixed side rounded down, the recipient\'s up', () => {
    // ₹10,000 at ₹182,000.5/ETH = 0.054944904...
    const down = fiatMinorToAsset(1_000_000n, 'inr', ETH_INR, ETH_DECIMALS, 'down');
    const up = fiatMinorToAsset(1_000_000n, 'inr', ETH_INR, ETH_DECIMALS, 'up');
    expect(up - down).toBe(1n);
    expect(down).toBe(54_944_903_997_516_490n);
    expect(fiatMinorToAsset(10_000n, 'usd', 10n ** 8n, USDC_DECIMALS, 'up')).toBe(100_000_000n);
    expect(() => fiatMinorToAsset(1n, 'usd', 0n, USDC_DECIMALS, 'up')).toThrow(RangeError);
  });

  it('never gives the recipient less than a fixed receive amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), currencyArb, rateArb, decimalsArb, (minor, currency, rate, decimals) => {
        const units = fiatMinorToAsset(minor, currency, rate, decimals, 'up');
        return assetToFiatMinor(units, decimals, rate, currency, 'down') >= minor || units === 0n;
      }),
    );
  });

  it('never charges the sender more than a fixed send amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), currencyArb, rateArb, decimalsArb, (minor, currency, rate, decimals) => {
        const units = fiatMinorToAsset(minor, currency, rate, decimals, 'down');
        return assetToFiatMinor(units, decimals, rate, currency, 'up') <= minor;
      }),
    );
  });

  it('never grows an asset amount on a round trip through fiat (asset → fiat down → asset down)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), currencyArb, rateArb, decimalsArb, (units, currency, rate, decimals) => {
        const minor = assetToFiatMinor(units, decimals, rate, currency, 'down');
        return fiatMinorToAsset(minor, currency, rate, decimals, 'down') <= units;
      }),
    );
  });

  it('keeps each direction within one minor unit (or one asset unit) of the exact value, on the side its rule says', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), currencyArb, rateArb, decimalsArb, (units, currency, rate, decimals) => {
        const up = assetToFiatMinor(units, decimals, rate, currency, 'up');
        const down = assetToFiatMinor(units, decimals, rate, currency, 'down');
        return up - down <= 1n && up >= down;
      }),
    );
  });
});

describe('fiat text', () => {
  it('parses typed fiat in minor units, refusing more decimals than the currency has', () => {
    expect(parseFiatAmount('10000', 'inr')).toEqual({ ok: true, units: 1_000_000n });
    expect(parseFiatAmount('10000.5', 'eur')).toEqual({ ok: true, units: 1_000_050n });
    expect(parseFiatAmount('1500', 'jpy')).toEqual({ ok: true, units: 1_500n });
    expect(parseFiatAmount('1500.5', 'jpy')).toEqual({ ok: false, error: 'too_many_decimals' });
    expect(parseFiatAmount('1.001', 'usd')).toEqual({ ok: false, error: 'too_many_decimals' });
    expect(parseFiatAmount('10,000', 'inr').ok).toBe(false);
  });

  it('writes minor units back as form text and as display text, exactly', () => {
    expect(fiatMinorToText(1_000_000n, 'inr')).toBe('10000.00');
    expect(fiatMinorToText(5n, 'usd')).toBe('0.05');
    expect(fiatMinorToText(1_500n, 'jpy')).toBe('1500');
    expect(fiatMinorToText(-5n, 'eur')).toBe('-0.05');
    expect(formatFiatMinor(1_000_000n, 'inr')).toBe('₹10,000.00');
    expect(formatFiatMinor(2_310n, 'eur')).toBe('€23.10');
    expect(formatFiatMinor(1_234_567n, 'jpy')).toBe('¥1,234,567');
    expect(formatFiatMinor(-123_456_789n, 'gbp')).toBe('-£1,234,567.89');
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), currencyArb, (minor, currency: DisplayCurrency) => {
        const parsed = parseFiatAmount(fiatMinorToText(minor, currency), currency);
        return parsed.ok && parsed.units === minor;
      }),
    );
  });

  it('gives a part as a percentage of a whole, half up, and nothing of nothing', () => {
    expect(percentOf(3n, 10_000n)).toBe('0.03');
    expect(percentOf(1n, 3n)).toBe('33.33');
    expect(percentOf(2n, 3n)).toBe('66.67');
    expect(percentOf(1n, 200n, 0)).toBe('1');
    expect(percentOf(5n, 0n)).toBeUndefined();
    expect(percentOf(-1n, 10n)).toBeUndefined();
  });
});
