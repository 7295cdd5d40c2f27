import type { PublicPaymentRequest } from '@fincrypt/domain';
import { describe, expect, it } from 'vitest';
import { prefillFromPayRequest } from './pay-request-prefill.ts';

const REFERENCE = 'ab'.repeat(32);

const request: PublicPaymentRequest = {
  id: 'AbCdEfGhIjKlMnOpQrSt_-',
  status: 'open',
  displayName: 'Ana',
  note: 'Rent for May',
  network: 'polygon_amoy',
  asset: 'USDC',
  address: '0x000000000000000000000000000000000000dEaD',
  amount: '6',
  amountUnits: '6000000',
  assetAmountIsIndicative: true,
  fiat: { currency: 'inr', amountMinor: '50000' },
  reference: REFERENCE,
  uri: 'ethereum:…',
  createdAt: '2026-11-24T10:00:00.000Z',
  expiresAt: '2026-11-25T10:00:00.000Z',
  paidAt: null,
};

describe('prefillFromPayRequest', () => {
  it('a currency request: what the recipient gets in that currency, and whose request it is', () => {
    expect(prefillFromPayRequest(request)).toEqual({
      ok: true,
      prefill: {
        network: 'polygon_amoy',
        to: request.address,
        asset: 'USDC',
        amount: '500',
        amountUnit: { kind: 'recipient', currency: 'inr' },
        reference: REFERENCE,
        request: { id: request.id, displayName: 'Ana', note: 'Rent for May' },
      },
    });
    expect(prefillFromPayRequest({ ...request, fiat: { currency: 'jpy', amountMinor: '1200' } })).toMatchObject({ prefill: { amount: '1200' } });
  });

  it('an asset request: the amount in the asset', () => {
    expect(prefillFromPayRequest({ ...request, fiat: null, assetAmountIsIndicative: false })).toMatchObject({
      prefill: { amount: '6', amountUnit: { kind: 'asset' } },
    });
  });

  it('a paid, expired or cancelled request fills nothing and says so', () => {
    expect(prefillFromPayRequest({ ...request, status: 'paid' })).toEqual({ ok: false, message: 'This request has already been paid' });
    expect(prefillFromPayRequest({ ...request, status: 'expired' })).toEqual({ ok: false, message: 'This request has expired' });
    expect(prefillFromPayRequest({ ...request, status: 'cancelled' })).toEqual({ ok: false, message: 'This request was cancelled' });
  });
});
