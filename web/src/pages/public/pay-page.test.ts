import type { PublicPaymentRequest } from '@fincrypt/domain';
import { describe, expect, it } from 'vitest';
import { prefillFor } from './pay-page.tsx';

const base: PublicPaymentRequest = {
  id: 'abcdefghijklmnopqrstuv',
  status: 'open',
  displayName: 'Ana',
  note: 'Rent',
  network: 'polygon_amoy',
  asset: 'USDC',
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  amount: '6.01',
  amountUnits: '6010000',
  assetAmountIsIndicative: true,
  fiat: { currency: 'inr', amountMinor: '50000' },
  reference: 'ab'.repeat(32),
  uri: 'ethereum:…',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-21T10:00:00.000Z',
  paidAt: null,
};

describe('prefillFor', () => {
  it("a currency request: 'they receive ₹500' in the asset, on the request's network, with its reference", () => {
    expect(prefillFor(base)).toEqual({
      network: 'polygon_amoy',
      to: base.address,
      asset: 'USDC',
      amount: '500',
      amountUnit: { kind: 'recipient', currency: 'inr' },
      reference: base.reference,
      request: { id: base.id, displayName: 'Ana', note: 'Rent' },
    });
  });

  it('an asset request: the asset amount itself', () => {
    const prefill = prefillFor({ ...base, fiat: null, assetAmountIsIndicative: false, amount: '0.25', asset: 'MATIC' });
    expect(prefill).toMatchObject({ asset: 'MATIC', amount: '0.25', amountUnit: { kind: 'asset' } });
  });
});
