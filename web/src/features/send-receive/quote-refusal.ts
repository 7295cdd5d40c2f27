/**
 * The server's refusals of a send's firm quote (docs/product.md#cross-border-payments): it ran out, was used
 * already, is unknown (or another user's), or does not match the send. Each leaves everything unchanged, and the
 * review then offers "Get a new quote" instead of "Send Transaction".
 */
const QUOTE_REFUSALS: ReadonlySet<string> = new Set(['QUOTE_EXPIRED', 'QUOTE_USED', 'QUOTE_NOT_FOUND', 'QUOTE_MISMATCH']);

export function isQuoteRefusal(code: string): boolean {
  return QUOTE_REFUSALS.has(code);
}
