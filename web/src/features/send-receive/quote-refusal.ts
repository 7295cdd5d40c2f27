import type { ApiErrorCode } from '@fincrypt/domain';

/**
 * The server's refusals of a send's firm quote (docs/product.md#cross-border-payments): it ran out, was used
 * already, is unknown (or another user's), or does not match the send. Each leaves everything unchanged, and the
 * review then offers "Get a new quote" instead of "Send Transaction".
 */
const QUOTE_REFUSALS: ReadonlySet<string> = new Set(['QUOTE_EXPIRED', 'QUOTE_USED', 'QUOTE_NOT_FOUND', 'QUOTE_MISMATCH']);

export function isQuoteRefusal(code: string): boolean {
  return QUOTE_REFUSALS.has(code);
}

/** A send refused because the payment request it pays can no longer be paid (issue 16): paid, expired or cancelled meanwhile. */
const REQUEST_CLOSED_CODES: ReadonlySet<string> = new Set([
  'PAYMENT_REQUEST_PAID',
  'PAYMENT_REQUEST_EXPIRED',
  'PAYMENT_REQUEST_CANCELLED',
] satisfies ApiErrorCode[]);

export function isRequestClosed(code: string): boolean {
  return REQUEST_CLOSED_CODES.has(code);
}
