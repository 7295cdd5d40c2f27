import { describe, expect, it } from 'vitest';
import {
  AMOUNT_UNITS,
  amountInUnit,
  approxAssetText,
  indicativeFigures,
  isAmountUnit,
  otherUnitText,
  ratesFromPrices,
  readUnit,
  unitLabel,
} from './payment-figures.ts';

const ETHER = 10n ** 18n;
const prices = {
  ethereum: { prices: { inr: 200_000, usd: 2_400, eur: 2_000, gbp: 1_800, jpy: 360_000 } },
  'usd-coin': { prices: { inr: 83.5, usd: 1, eur: 0.92, gbp: 0.79, jpy: 150 } },
};
const ethRates = (sender: 'inr' | 'eur' = 'inr', recipient: 'inr' | 'eur' | 'jpy' = 'eur') => ratesFromPrices(prices, 'ethereum', 'ethereum', sender, recipient);

describe('amount units', () => {
  it('offer the asset, the five currencies of the sender and what the recipient gets', () => {
    expect(AMOUNT_UNITS).toEqual(['asset', 'sender:inr', 'sender:usd', 'sender:eur', 'sender:gbp', 'sender:jpy', 'recipient']);
    expect(isAmountUnit('sender:eur')).toBe(true);
    expect(isAmountUnit('sender:xyz')).toBe(false);
  });

  it('fix a side, with the display currency as the sender’s unless the unit names one', () => {
    expect(readUnit('asset', 'gbp')).toEqual({ fixed: 'asset', senderCurrency: 'gbp' });
    expect(readUnit('sender:inr', 'gbp')).toEqual({ fixed: 'sender', senderCurrency: 'inr' });
    expect(readUnit('recipient', 'gbp')).toEqual({ fixed: 'recipient', senderCurrency: 'gbp' });
  });

  it('are named for the select', () => {
    expect(unitLabel('asset', 'ETH', 'eur')).toBe('ETH');
    expect(unitLabel('sender:inr', 'ETH', 'eur')).toBe('₹ INR');
    expect(unitLabel('recipient', 'ETH', 'eur')).toBe('€ EUR they receive');
  });
});

describe('ratesFromPrices', () => {
  it('gives exact rates of one snapshot', () => {
    expect(ethRates()).toEqual({
      assetToSender: 20_000_000_000_000n,
      assetToRecipient: 200_000_000_000n,
      assetToUsd: 240_000_000_000n,
      feeAssetToSender: 20_000_000_000_000n,
      feeAssetToUsd: 240_000_000_000n,
    });
  });

  it('is undefined while a price is missing', () => {
    expect(ratesFromPrices(undefined, 'ethereum', 'ethereum', 'inr', 'eur')).toBeUndefined();
    expect(ratesFromPrices({ 'usd-coin': prices['usd-coin'] }, 'usd-coin', 'ethereum', 'inr', 'eur')).toBeUndefined();
  });
});

describe('indicativeFigures', () => {
  const base = { displayCurrency: 'inr' as const, recipientCurrency: 'eur' as const, assetDecimals: 18, feeDecimals: 18, feeUnits: 0n };

  it('prices "I send ₹10,000" down to the asset, and what the recipient gets', () => {
    const figures = indicativeFigures({ ...base, unit: 'sender:inr', amount: '10000', rates: ethRates() });
    expect(figures).toMatchObject({ ok: true, amountUnits: 50_000_000_000_000_000n, senderAmountMinor: 1_000_000n, recipientAmountMinor: 10_000n });
  });

  it('prices "they receive €100" so the recipient never gets less', () => {
    const figures = indicativeFigures({ ...base, unit: 'recipient', amount: '100', rates: ethRates() });
    expect(figures).toMatchObject({ ok: true, amountUnits: 50_000_000_000_000_000n, recipientAmountMinor: 10_000n });
  });

  it('adds the fee to the sender’s total', () => {
    const figures = indicativeFigures({ ...base, unit: 'asset', amount: '0.05', feeUnits: ETHER / 1000n, rates: ethRates() });
    expect(figures).toMatchObject({ ok: true, senderAmountMinor: 1_000_000n, senderFeeMinor: 20_000n, senderTotalMinor: 1_020_000n, feePercent: '2.00' });
  });

  it('says nothing without an amount or prices, and why an amount cannot be priced', () => {
    expect(indicativeFigures({ ...base, unit: 'asset', amount: ' ', rates: ethRates() })).toBeUndefined();
    expect(indicativeFigures({ ...base, unit: 'asset', amount: '1', rates: undefined })).toBeUndefined();
    expect(indicativeFigures({ ...base, unit: 'sender:inr', amount: '1.001', rates: ethRates() })).toEqual({ ok: false, error: 'too_many_decimals' });
    expect(indicativeFigures({ ...base, unit: 'sender:inr', amount: 'abc', rates: ethRates() })).toEqual({ ok: false, error: 'invalid' });
  });
});

describe('the other unit', () => {
  it('shows money when the asset is typed, the asset when money is typed', () => {
    const typedAsset = indicativeFigures({ unit: 'asset', amount: '0.05', displayCurrency: 'inr', recipientCurrency: 'eur', assetDecimals: 18, feeDecimals: 18, feeUnits: 0n, rates: ethRates() });
    if (!typedAsset?.ok) throw new Error('not priced');
    expect(otherUnitText(typedAsset, 'asset', 'inr', 'ETH', 18)).toBe('≈ ₹10,000.00');
    expect(otherUnitText(typedAsset, 'sender:inr', 'inr', 'ETH', 18)).toBe('≈ 0.05 ETH');
  });

  it('cuts the asset to six places, never rounding up', () => {
    expect(approxAssetText(54_945_054_945_054_945n, 18)).toBe('0.054945');
    expect(approxAssetText(25_000_000n, 6)).toBe('25');
    expect(approxAssetText(1n, 18)).toBe('0');
  });
});

describe('amountInUnit', () => {
  const input = { displayCurrency: 'inr' as const, recipientCurrency: 'eur' as const, assetDecimals: 18 };

  it('is exact in the asset', () => {
    expect(amountInUnit({ ...input, units: 1_234_500_000_000_000_000n, unit: 'asset', rates: undefined })).toBe('1.2345');
  });

  it('rounds money down, so MAX in money never asks for more than there is', () => {
    // 0.123456789 ETH at ₹200,000 = ₹24,691.3578: ₹24,691.35.
    const units = 123_456_789_000_000_000n;
    expect(amountInUnit({ ...input, units, unit: 'sender:inr', rates: ethRates() })).toBe('24691.35');
    const recipientText = amountInUnit({ ...input, units, unit: 'recipient', rates: ethRates() });
    expect(recipientText).toBe('246.91');
    const back = indicativeFigures({ unit: 'recipient', amount: recipientText!, ...input, feeDecimals: 18, feeUnits: 0n, rates: ethRates() });
    expect(back?.ok && back.amountUnits <= units).toBe(true);
  });

  it('needs a rate for money', () => {
    expect(amountInUnit({ ...input, units: ETHER, unit: 'sender:inr', rates: undefined })).toBeUndefined();
  });

  it('gives yen without decimals, rounded down (a third of an ETH is ¥119,999.99…)', () => {
    expect(amountInUnit({ ...input, recipientCurrency: 'jpy', units: ETHER / 3n, unit: 'recipient', rates: ethRates('inr', 'jpy') })).toBe('119999');
  });
});

