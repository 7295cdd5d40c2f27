import { SOLANA_ADDRESS_SHAPE } from './address-shapes.ts';
import { decodeBase58 } from './base58.ts';

/*
 * A payment request's reference in its canonical form, apart from payment-requests.ts: the send page reads the
 * reference of the request it pays while it renders (web's navigation-state.ts), and should not load the requests'
 * URIs, @scure/base and the API's error table with it.
 */

/** The bytes of a reference: Solana Pay's is a 32-byte public key; the EVM form carries the same 32 bytes as hex. */
export const PAYMENT_REFERENCE_BYTES = 32;

/** A reference in its canonical form: 64 lowercase hex digits. Accepts that, with or without 0x, or base58 of 32 bytes. */
export function normalizePaymentReference(text: string): string | undefined {
  const trimmed = text.trim();
  const hex = /^(?:0x)?([0-9a-fA-F]{64})$/.exec(trimmed)?.[1];
  if (hex) return hex.toLowerCase();
  // Base58 of a public key: a Solana address's shape.
  if (!SOLANA_ADDRESS_SHAPE.test(trimmed)) return undefined;
  const bytes = decodeBase58(trimmed);
  if (bytes?.length !== PAYMENT_REFERENCE_BYTES) return undefined;
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
