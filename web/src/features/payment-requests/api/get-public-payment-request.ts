import { PAYMENT_REQUEST_ID_PATTERN, PAYMENT_REQUEST_REFUSALS, type PublicPaymentRequest, publicPaymentRequestSchema } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { paymentRequestKeys } from './get-payment-requests.ts';
import { InvalidPaymentRequestResponseError } from './invalid-response.ts';

/** GET /api/pay/:id: what anyone with the link sees. A malformed id is not asked for: it is as unknown as a 404. */
export async function getPublicPaymentRequest(id: string, signal?: AbortSignal): Promise<PublicPaymentRequest> {
  if (!PAYMENT_REQUEST_ID_PATTERN.test(id)) throw new ApiError(404, 'PAYMENT_REQUEST_NOT_FOUND', PAYMENT_REQUEST_REFUSALS.notFound);
  const parsed = publicPaymentRequestSchema.safeParse(await apiFetch<unknown>(`/api/pay/${encodeURIComponent(id)}`, { signal }));
  if (!parsed.success) throw new InvalidPaymentRequestResponseError();
  return parsed.data;
}

export function usePublicPaymentRequest(id: string) {
  return useQuery({
    queryKey: paymentRequestKeys.public(id),
    queryFn: ({ signal }) => getPublicPaymentRequest(id, signal),
    // Unknown stays unknown; other failures are retried once.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}
