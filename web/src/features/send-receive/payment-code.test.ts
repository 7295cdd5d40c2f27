import { type PublicPaymentRequest, parseQrPayload } from '@fincrypt/domain';
import { describe, expect, it } from 'vitest';
import { codeDescription, prefillFromCode, prefillFromPayRequest } from './payment-code.ts';

const MVINES = 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN';
const DEVNET_USDC = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU';
const REFERENCE = 'ab'.repeat(32);

function recipientOf(text: string) {
  const parsed = parseQrPayload(text);
  if (!parsed.ok || parsed.kind !== 'recipient') throw new Error(`not a recipient: ${text}`);
  return parsed;
}

const request: PublicPaymentRequest = {
  id: 'AbCdEfGhIjKlMnOpQrSt_-',
  status: 'open',
  displayName: 'Ana',
  note: 'Rent for May',
  network: 'polygon_mumbai',
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

describe('prefillFromCode', () => {
  it('a Solana Pay USDC code: network, recipient, asset, the amount in the asset, the reference', () => {
    const code = recipientOf(`solana:${MVINES}?amount=12.5&spl-token=${DEVNET_USDC}&reference=${'1'.repeat(32)}&label=Caf%C3%A9&message=Two%20coffees`);
    expect(prefillFromCode(code)).toEqual({
      network: 'solana_devnet',
      to: MVINES,
      asset: 'USDC',
      amount: '12.5',
      amountUnit: { kind: 'asset' },
      reference: '00'.repeat(32),
    });
    expect(codeDescription(code)).toBe('Café: Two coffees');
  });

  it('a bare address names nothing else', () => {
    expect(prefillFromCode(recipientOf('0x000000000000000000000000000000000000dEaD'))).toEqual({ to: '0x000000000000000000000000000000000000dEaD' });
    expect(codeDescription({})).toBeUndefined();
    expect(codeDescription({ label: 'Michael' })).toBe('Michael');
  });
});

describe('prefillFromPayRequest', () => {
  it('a currency request: what the recipient gets in that currency, and whose request it is', () => {
    expect(prefillFromPayRequest(request)).toEqual({
      ok: true,
      prefill: {
        network: 'polygon_mumbai',
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
