import { FALLBACK_PRICES, type ValueAtSend } from '@fincrypt/domain';
import { describe, expect, it } from 'vitest';
import { makeTransaction } from '../../lib/testing/make-transaction.ts';
import { fiatText, receivedFiatText, rowValueLine, valueChangeText, valueNow, valueThen } from './fiat-values.ts';

/** ₹10,000.00 sent, €109.80 received, $120.00, when 0.05 ETH was sent. */
const kept: ValueAtSend = {
  senderCurrency: 'inr',
  senderMinor: '1000000',
  recipientCurrency: 'eur',
  recipientMinor: '10980',
  usdCents: '12000',
  source: 'simulated',
};

const prices = FALLBACK_PRICES;

describe('valueThen', () => {
  it("is the viewer's own side: the sender's value on a send, the recipient's on a receive", () => {
    expect(valueThen(makeTransaction({ type: 'send', valueAtSend: kept }), 'gbp')).toEqual({ currency: 'inr', minor: 1000000n });
    expect(valueThen(makeTransaction({ type: 'receive', valueAtSend: kept }), 'gbp')).toEqual({ currency: 'eur', minor: 10980n });
  });

  it('prefers a kept value in the display currency, so then and now compare in one currency', () => {
    expect(valueThen(makeTransaction({ type: 'send', valueAtSend: kept }), 'eur')).toEqual({ currency: 'eur', minor: 10980n });
    expect(valueThen(makeTransaction({ type: 'receive', valueAtSend: kept }), 'inr')).toEqual({ currency: 'inr', minor: 1000000n });
    expect(valueThen(makeTransaction({ type: 'receive', valueAtSend: kept }), 'usd')).toEqual({ currency: 'usd', minor: 12000n });
  });

  it('is undefined when no value was kept (mints, older rows): nothing is invented', () => {
    expect(valueThen(makeTransaction({ valueAtSend: null }), 'inr')).toBeUndefined();
    expect(fiatText(undefined)).toBe('not recorded');
  });
});

describe('valueNow', () => {
  it('prices the exact amount at the live price, rounded down to the minor unit', () => {
    // 0.05 ETH at ₹180,400 = ₹9,020.00
    const eth = makeTransaction({ amount: '0.05', amountUnits: '50000000000000000' });
    expect(valueNow(eth, prices, 'inr')).toEqual({ currency: 'inr', minor: 902000n });
    // 1 wei at $2,200 is far below a cent.
    expect(valueNow(makeTransaction({ amountUnits: '1' }), prices, 'usd')).toEqual({ currency: 'usd', minor: 0n });
    // Yen has no minor unit: 0.05 ETH at ¥325,600 = ¥16,280.
    expect(valueNow(eth, prices, 'jpy')).toEqual({ currency: 'jpy', minor: 16280n });
  });

  it('prices a token by its own decimals and price (USDC: 6 decimals)', () => {
    const usdc = makeTransaction({ asset: 'USDC', symbol: 'USDC', amount: '25', amountUnits: '25000000' });
    const usdcEur = prices['usd-coin'].prices.eur;
    expect(valueNow(usdc, prices, 'eur')?.minor).toBe(BigInt(Math.floor(25 * usdcEur * 100 + 1e-9)));
  });

  it('is undefined while prices are unknown, or for an asset this app does not know', () => {
    expect(valueNow(makeTransaction(), undefined, 'inr')).toBeUndefined();
    expect(valueNow(makeTransaction({ asset: 'DOGE' }), prices, 'inr')).toBeUndefined();
  });
});

describe('valueChangeText and rowValueLine', () => {
  it('states the move in money and percent, signed; nothing across two currencies', () => {
    expect(valueChangeText({ currency: 'inr', minor: 1000000n }, { currency: 'inr', minor: 1012000n })).toBe('+₹120.00 (+1.20%)');
    expect(valueChangeText({ currency: 'eur', minor: 10000n }, { currency: 'eur', minor: 9955n })).toBe('-€0.45 (-0.45%)');
    expect(valueChangeText({ currency: 'usd', minor: 100n }, { currency: 'usd', minor: 100n })).toBe('no change');
    expect(valueChangeText({ currency: 'inr', minor: 1000000n }, { currency: 'inr', minor: 999999n })).toBe('-₹0.01');
    expect(valueChangeText({ currency: 'usd', minor: 100n }, { currency: 'inr', minor: 100n })).toBeUndefined();
    expect(valueChangeText(undefined, { currency: 'inr', minor: 100n })).toBeUndefined();
  });

  it("reads 'then · now' on a row, and says when the value then was not recorded", () => {
    expect(rowValueLine({ currency: 'inr', minor: 1000000n }, { currency: 'inr', minor: 910000n })).toBe('₹10,000.00 then · ₹9,100.00 now');
    expect(rowValueLine(undefined, { currency: 'usd', minor: 12345n })).toBe('Value then not recorded · $123.45 now');
    expect(rowValueLine({ currency: 'jpy', minor: 16250n }, undefined)).toBe('¥16,250 then');
  });
});

describe('receivedFiatText', () => {
  const usdc = makeTransaction({ type: 'receive', asset: 'USDC', symbol: 'USDC', amount: '25', amountUnits: '25000000' });

  it("uses the recipient's kept value when it is in the display currency", () => {
    const received = { ...usdc, valueAtSend: { ...kept, recipientCurrency: 'eur' as const, recipientMinor: '2310' } };
    expect(receivedFiatText(received, prices, 'eur')).toBe('≈ €23.10');
  });

  it('otherwise prices the amount live in the display currency', () => {
    const received = { ...usdc, valueAtSend: { ...kept, recipientCurrency: 'gbp' as const, recipientMinor: '1990' } };
    expect(receivedFiatText(received, prices, 'inr')).toBe(`≈ ₹${(25 * prices['usd-coin'].prices.inr).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    expect(receivedFiatText(usdc, undefined, 'inr')).toBeUndefined();
  });
});
