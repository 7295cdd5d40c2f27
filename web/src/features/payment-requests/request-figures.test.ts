import { describe, expect, it } from 'vitest';
import { askedHeadline, assetSideText, closedMessage, fiatFieldText, paidToastText, payLinkOf } from './request-figures.ts';

const rupees = { amount: '6.01', asset: 'USDC', fiat: { currency: 'inr' as const, amountMinor: '50000' }, assetAmountIsIndicative: true, displayName: 'Ana' };
const ether = { amount: '0.25', asset: 'ETH', fiat: null, assetAmountIsIndicative: false, displayName: 'Ben' };

describe('request figures', () => {
  it('tells a currency request in its currency, the asset side as indicative', () => {
    expect(askedHeadline(rupees)).toBe('₹500.00 in USDC');
    expect(assetSideText(rupees)).toBe("≈ 6.01 USDC at today's rate");
    expect(paidToastText(rupees)).toBe('Your payment request for ₹500.00 in USDC was paid');
  });

  it('tells an asset request in the asset, exactly', () => {
    expect(askedHeadline(ether)).toBe('0.25 ETH');
    expect(assetSideText(ether)).toBe('0.25 ETH');
  });

  it("gives the Send form the currency amount as written: '500', '12.5', yen whole", () => {
    expect(fiatFieldText({ currency: 'inr', amountMinor: '50000' })).toBe('500');
    expect(fiatFieldText({ currency: 'eur', amountMinor: '1250' })).toBe('12.50');
    expect(fiatFieldText({ currency: 'jpy', amountMinor: '3000' })).toBe('3000');
  });

  it('says why a closed request cannot be paid, in the server’s words', () => {
    expect(closedMessage('open')).toBeUndefined();
    expect(closedMessage('paid')).toBe('This request has already been paid');
    expect(closedMessage('expired')).toBe('This request has expired');
    expect(closedMessage('cancelled')).toBe('This request was cancelled');
  });

  it('builds the shareable link on this site', () => {
    expect(payLinkOf('/pay/abcdefghijklmnopqrstuv', 'https://fincrypt.test')).toBe('https://fincrypt.test/pay/abcdefghijklmnopqrstuv');
  });
});
