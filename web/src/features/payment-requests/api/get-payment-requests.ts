import type { PaymentRequestView } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { InvalidPaymentRequestResponseError } from './invalid-response.ts';

export const paymentRequestKeys = {
  all: ['payment-requests'] as const,
  mine: ['payment-requests', 'mine'] as const,
  public: (id: string) => ['payment-requests', 'public', id] as const,
};

/** GET /api/payment-requests: the signed-in user's requests, newest first (at most 100). */
export async function getPaymentRequests(signal?: AbortSignal): Promise<PaymentRequestView[]> {
  const [body, { paymentRequestListSchema }] = await Promise.all([apiFetch<unknown>('/api/payment-requests', { signal }), import('./payment-requests-schemas.ts')]);
  const parsed = paymentRequestListSchema.safeParse(body);
  if (!parsed.success) throw new InvalidPaymentRequestResponseError();
  return parsed.data.requests;
}

/** The user's requests; the realtime `payment_request_paid` event updates it. */
export function usePaymentRequests() {
  return useQuery({ queryKey: paymentRequestKeys.mine, queryFn: ({ signal }) => getPaymentRequests(signal) });
}
