import { describe, expect, it } from 'vitest';
import { MAX_QR_PAYLOAD_CHARS, looksLikePaymentCode } from './payment-code-shape.ts';

const EVM = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const SOLANA_RECIPIENT = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const REQUEST_ID = 'AbCdEfGhIjKlMnOpQrSt_-';

describe('looksLikePaymentCode', () => {
  it('tells a code from an address the user types or pastes', () => {
    expect(looksLikePaymentCode(`ethereum:${EVM}@80002`)).toBe(true);
    expect(looksLikePaymentCode(`/pay/${REQUEST_ID}`)).toBe(true);
    expect(looksLikePaymentCode(`https://fincrypt.example/pay/${REQUEST_ID}`)).toBe(true);
    expect(looksLikePaymentCode(EVM)).toBe(false);
    expect(looksLikePaymentCode(SOLANA_RECIPIENT)).toBe(false);
    expect(looksLikePaymentCode(`Address: ${EVM}`)).toBe(false);
    // Longer than any code: the reader refuses it with its own message rather than pasting it as an address.
    expect(looksLikePaymentCode('x'.repeat(MAX_QR_PAYLOAD_CHARS + 1))).toBe(true);
  });
});
