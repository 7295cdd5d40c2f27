import type { CreateQuoteRequestInput, PaymentQuote } from '@fincrypt/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { loadSchemas } from '../../../lib/load-schemas.ts';

/** An answer to POST /api/quotes that is not a quote (a server from before quotes, or a broken answer). */
export class InvalidQuoteResponseError extends Error {
  constructor() {
    super('The quote could not be read. Try again.');
    this.name = 'InvalidQuoteResponseError';
  }
}

/** A firm quote as the review holds it: when it arrived here, and so when it runs out on this clock. */
export interface ReceivedQuote {
  quote: PaymentQuote;
  /** Epoch ms on this browser's clock after which the server no longer honours it. */
  expiresAtMs: number;
}

/**
 * When a quote runs out on this browser's clock: its lifetime as the server states it (expiresAt − createdAt),
 * counted from its arrival, so a browser clock that is off by minutes still counts the same 30 s.
 */
export function localExpiry(quote: Pick<PaymentQuote, 'createdAt' | 'expiresAt'>, receivedAtMs: number): number {
  const lifetime = Date.parse(quote.expiresAt) - Date.parse(quote.createdAt);
  return receivedAtMs + (Number.isFinite(lifetime) && lifetime > 0 ? lifetime : 0);
}

/** POST /api/quotes: a firm quote for the payment the form holds (ApiError with the server's message on a refusal). */
export async function createQuote(request: CreateQuoteRequestInput, nowMs: () => number = Date.now): Promise<ReceivedQuote> {
  const [body, { paymentQuoteSchema }] = await Promise.all([apiFetch<unknown>('/api/quotes', { method: 'POST', body: request }), loadSchemas()]);
  const parsed = paymentQuoteSchema.safeParse(body);
  if (!parsed.success) throw new InvalidQuoteResponseError();
  return { quote: parsed.data, expiresAtMs: localExpiry(parsed.data, nowMs()) };
}

export function useCreateQuote() {
  return useMutation({ mutationFn: (request: CreateQuoteRequestInput) => createQuote(request) });
}
