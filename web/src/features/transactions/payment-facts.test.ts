import { FALLBACK_PRICES, type PaymentQuote, type TimelineStep, type ValueAtSend } from '@fincrypt/domain';
import { describe, expect, it } from 'vitest';
import { makeTransaction } from '../../lib/testing/make-transaction.ts';
import { formatRateIn } from '@fincrypt/domain';
import { currentStepIndex, fixedSideText, paymentComparison, paymentCost, stepTimeText } from './payment-facts.ts';

const kept: ValueAtSend = {
  senderCurrency: 'inr',
  senderMinor: '1000000',
  recipientCurrency: 'eur',
  recipientMinor: '10980',
  usdCents: '12000',
  source: 'simulated',
};

/** 0.05 ETH worth ₹10,000.00, fee 0.000945 ETH. */
const send = makeTransaction({ type: 'send', amount: '0.05', amountUnits: '50000000000000000', valueAtSend: kept });

describe('paymentCost', () => {
  it("takes the fee's value from the quote when the send honoured one", () => {
    // The quote's share (valued at exact dollar rates) is the one the review showed, not one worked out again here.
    const quote = { senderCurrency: 'inr', sender: { amountMinor: '1000000', feeMinor: '17200', totalMinor: '1017200' }, feePercent: '1.73' } as PaymentQuote;
    expect(paymentCost({ ...send, quote }, undefined)).toEqual({ currency: 'inr', amountMinor: 1000000n, feeMinor: 17200n, feeValuedBy: 'quote', feePercent: '1.73' });
    expect(paymentComparison({ ...send, quote, speed: 'fast' }, undefined)?.comparison.rows[0]).toMatchObject({ costMinor: '17200', costPercent: '1.73' });
  });

  it('without a quote, values a coin fee at the price the amount was valued at, rounded up', () => {
    // 0.000945 / 0.05 × ₹10,000 = ₹189.00 exactly; one wei more rounds up to the next paisa.
    expect(paymentCost({ ...send, quote: null }, undefined)).toEqual({ currency: 'inr', amountMinor: 1000000n, feeMinor: 18900n, feeValuedBy: 'send', feePercent: '1.89' });
    expect(paymentCost({ ...send, quote: null, feeUnits: '945000000000001' }, undefined)?.feeMinor).toBe(18901n);
  });

  it("values a token's fee (paid in the coin) at today's coin price, and gives nothing while it is unknown", () => {
    const usdc = { ...send, asset: 'USDC', symbol: 'USDC', amount: '25', amountUnits: '25000000', feeUnits: '1000000000000000', quote: null };
    // 0.001 ETH at ₹180,400 = ₹180.40
    expect(paymentCost(usdc, FALLBACK_PRICES)).toEqual({ currency: 'inr', amountMinor: 1000000n, feeMinor: 18040n, feeValuedBy: 'today', feePercent: '1.80' });
    expect(paymentCost(usdc, undefined)).toBeUndefined();
  });

  it("is the sender's: nothing on a receive, a mint, or a row that kept no value", () => {
    expect(paymentCost({ ...send, type: 'receive', quote: null }, FALLBACK_PRICES)).toBeUndefined();
    expect(paymentCost({ ...send, type: 'mint', quote: null }, FALLBACK_PRICES)).toBeUndefined();
    expect(paymentCost({ ...send, valueAtSend: null, quote: null }, FALLBACK_PRICES)).toBeUndefined();
  });
});

describe('paymentComparison', () => {
  it('puts the cost beside a bank wire and the remittance average, with the saving and the dated source', () => {
    const result = paymentComparison({ ...send, quote: null, speed: 'fast' }, undefined);
    expect(result?.comparison.currency).toBe('inr');
    const [own, bank, average] = result!.comparison.rows;
    expect(own).toMatchObject({ id: 'this-payment', costMinor: '18900', costPercent: '1.89' });
    // 11.48% of ₹10,000 = ₹1,148.00, so this payment saves ₹959.00.
    expect(bank).toMatchObject({ id: 'bank', costMinor: '114800', savingMinor: '95900' });
    expect(average).toMatchObject({ id: 'global-average', costMinor: '61800', savingMinor: '42900' });
    expect(result!.comparison.source.asOf).toBe('2023-09-30');
  });
});

describe('formatRateIn and fixedSideText', () => {
  it('writes a rate as money with grouping, padding to the minor unit but never cutting places', () => {
    expect(formatRateIn('182000.5', 'inr')).toBe('₹182,000.50');
    expect(formatRateIn('0.01098', 'eur')).toBe('€0.01098');
    expect(formatRateIn('325000', 'jpy')).toBe('¥325,000');
    expect(formatRateIn('2200', 'usd')).toBe('$2,200.00');
  });

  it('names the fixed side', () => {
    expect(fixedSideText('sender')).toBe('What the sender pays');
    expect(fixedSideText('recipient')).toBe('What the recipient gets');
    expect(fixedSideText('asset')).toBe('The asset amount');
  });
});

describe('timeline times', () => {
  const step = (overrides: Partial<TimelineStep>): TimelineStep => ({ kind: 'confirmation', label: '1 confirmation · Medium', done: false, at: null, expectedAt: null, ...overrides });

  it('shows when a step happened, when one not reached is expected, and nothing when neither is known', () => {
    expect(stepTimeText(step({ done: true, at: '2026-11-20T10:02:31.000Z' }))).toMatch(/^\d{1,2}:\d{2}:31 [AP]M$/);
    expect(stepTimeText(step({ expectedAt: '2026-11-20T10:02:45.000Z' }))).toMatch(/^expected about \d{1,2}:\d{2}:45 [AP]M$/);
    expect(stepTimeText(step({ kind: 'failed', done: true }))).toBe('');
  });

  it('finds the step the payment is at: the first not done, none when all are', () => {
    expect(currentStepIndex([{ done: true }, { done: false }, { done: false }])).toBe(1);
    expect(currentStepIndex([{ done: true }, { done: true }])).toBe(-1);
  });
});
