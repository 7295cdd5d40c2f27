import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISPLAY_CURRENCIES } from './currency.ts';
import { assetToFiatMinor, parseFiatAmount } from './fx.ts';
import { feeShareLevel, pricePayment, type PaymentRates, type PricePaymentInput } from './payment-pricing.ts';

const E8 = 10n ** 8n;
/** 1 ETH = ₹200,000 = €2,200 = $2,400. */
const ETH_RATES: PaymentRates = {
  assetToSender: 200_000n * E8,
  assetToRecipient: 2_200n * E8,
  assetToUsd: 2_400n * E8,
  feeAssetToSender: 200_000n * E8,
  feeAssetToUsd: 2_400n * E8,
};
const base: PricePaymentInput = {
  fixed: 'asset',
  amount: '0.05',
  assetDecimals: 18,
  feeDecimals: 18,
  feeUnits: 21_000n * 20_000_000_000n, // 21,000 gas at 20 Gwei = 0.00042 ETH
  senderCurrency: 'inr',
  recipientCurrency: 'eur',
  rates: ETH_RATES,
};

describe('pricePayment', () => {
  it('prices an asset amount: both sides, the fee, the total, US cents and the fee as a percentage', () => {
    expect(pricePayment(base)).toEqual({
      ok: true,
      amountUnits: 5n * 10n ** 16n,
      senderAmountMinor: 1_000_000n, // ₹10,000.00
      senderFeeMinor: 8_400n, // ₹84.00
      senderTotalMinor: 1_008_400n,
      recipientAmountMinor: 11_000n, // €110.00
      usdCents: 12_000n, // $120.00
      feePercent: '0.84',
    });
  });

  it('fixes the sender\'s side ("I send ₹10,000") and the recipient\'s ("they receive €100")', () => {
    const sent = pricePayment({ ...base, fixed: 'sender', amount: '10000' });
    expect(sent).toMatchObject({ ok: true, amountUnits: 5n * 10n ** 16n, senderAmountMinor: 1_000_000n, recipientAmountMinor: 11_000n });
    const received = pricePayment({ ...base, fixed: 'recipient', amount: '100' });
    // €100 at €2,200/ETH = 0.0454545… ETH, rounded up so the recipient gets at least €100.
    expect(received).toMatchObject({ ok: true, amountUnits: 45_454_545_454_545_455n, recipientAmountMinor: 10_000n });
  });

  it('prices a token: its fee is in the coin, at the coin\'s rates', () => {
    const usdc = pricePayment({
      ...base,
      amount: '25',
      assetDecimals: 6,
      feeUnits: 65_000n * 20_000_000_000n,
      senderCurrency: 'usd',
      recipientCurrency: 'eur',
      rates: { assetToSender: E8, assetToRecipient: 92_000_000n, assetToUsd: E8, feeAssetToSender: 2_400n * E8, feeAssetToUsd: 2_400n * E8 },
    });
    // Fee 0.0013 ETH = $3.12 on $25.
    expect(usdc).toMatchObject({ ok: true, amountUnits: 25_000_000n, senderAmountMinor: 2_500n, senderFeeMinor: 312n, recipientAmountMinor: 2_300n, usdCents: 2_500n, feePercent: '12.48' });
  });

  it('says why an amount cannot be priced', () => {
    expect(pricePayment({ ...base, amount: 'abc' })).toEqual({ ok: false, error: 'invalid' });
    expect(pricePayment({ ...base, amount: '0' })).toEqual({ ok: false, error: 'invalid' });
    expect(pricePayment({ ...base, fixed: 'sender', amount: '0' })).toEqual({ ok: false, error: 'invalid' });
    expect(pricePayment({ ...base, amount: '0.0000000000000000001' })).toEqual({ ok: false, error: 'too_many_decimals' });
    expect(pricePayment({ ...base, fixed: 'sender', amount: '1.001' })).toEqual({ ok: false, error: 'too_many_decimals' });
    expect(pricePayment({ ...base, fixed: 'recipient', recipientCurrency: 'jpy', amount: '1.5' })).toEqual({ ok: false, error: 'too_many_decimals' });
    // A paisa buys nothing of an asset without decimals at this price.
    expect(pricePayment({ ...base, fixed: 'sender', amount: '0.01', assetDecimals: 0 })).toEqual({ ok: false, error: 'too_small' });
  });

  it('refuses an amount beyond 2^256 units', () => {
    // A whole coin per unit at a billionth of a cent: no chain holds what this buys.
    const result = pricePayment({ ...base, fixed: 'sender', amount: '9'.repeat(40), assetDecimals: 40, rates: { ...ETH_RATES, assetToSender: 1n } });
    expect(result).toEqual({ ok: false, error: 'too_large' });
  });

  it('never lets the sender pay more than the fixed amount, nor the recipient get less', () => {
    const currencies = fc.constantFrom(...DISPLAY_CURRENCIES);
    const rate = fc.bigInt({ min: 1_000n, max: 10n ** 15n });
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        fc.constantFrom('sender' as const, 'recipient' as const),
        currencies,
        currencies,
        rate,
        rate,
        fc.constantFrom(6, 9, 18),
        (minor, fixed, senderCurrency, recipientCurrency, assetToSender, assetToRecipient, decimals) => {
          const currency = fixed === 'sender' ? senderCurrency : recipientCurrency;
          const places = currency === 'jpy' ? 0 : 2;
          const text = places === 0 ? minor.toString() : `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
          const typed = parseFiatAmount(text, currency);
          if (!typed.ok) return false;
          const result = pricePayment({
            ...base,
            fixed,
            amount: text,
            assetDecimals: decimals,
            senderCurrency,
            recipientCurrency,
            rates: { ...ETH_RATES, assetToSender, assetToRecipient },
          });
          if (!result.ok) return result.error === 'too_small';
          if (fixed === 'sender') return result.senderAmountMinor <= typed.units;
          return result.recipientAmountMinor >= typed.units && assetToFiatMinor(result.amountUnits, decimals, assetToRecipient, recipientCurrency, 'down') === result.recipientAmountMinor;
        },
      ),
    );
  });
});

describe('feeShareLevel', () => {
  it('warns above 10 % of the amount and asks for a confirmation above 100 %', () => {
    expect(feeShareLevel('0.03')).toBe('ok');
    expect(feeShareLevel('10.00')).toBe('ok');
    expect(feeShareLevel('10.01')).toBe('warn');
    expect(feeShareLevel('100.00')).toBe('warn');
    expect(feeShareLevel('117.20')).toBe('confirm');
  });
});
