import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePaymentReference } from './payment-reference.ts';
import { referenceToBase58 } from './payment-requests.ts';

const REFERENCE = '0f'.repeat(32);

describe('payment request references', () => {
  it('reads hex (with or without 0x) and base58 of 32 bytes into one canonical form', () => {
    expect(normalizePaymentReference(REFERENCE.toUpperCase())).toBe(REFERENCE);
    expect(normalizePaymentReference(`0x${REFERENCE}`)).toBe(REFERENCE);
    expect(normalizePaymentReference(referenceToBase58(REFERENCE))).toBe(REFERENCE);
  });

  it('refuses anything that is not 32 bytes', () => {
    expect(normalizePaymentReference('0f'.repeat(31))).toBeUndefined();
    expect(normalizePaymentReference('1'.repeat(32))).toBe('00'.repeat(32));
    expect(normalizePaymentReference('1'.repeat(44))).toBeUndefined();
    expect(normalizePaymentReference(`${referenceToBase58(REFERENCE)}z`)).toBeUndefined();
    expect(normalizePaymentReference('not a reference')).toBeUndefined();
  });

  it('reads any 32 bytes back from the base58 Solana Pay writes', () => {
    const references = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join(''));
    fc.assert(
      fc.property(references, (reference) => {
        expect(normalizePaymentReference(referenceToBase58(reference))).toBe(reference);
      }),
    );
  });
});
