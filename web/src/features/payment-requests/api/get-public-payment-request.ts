import { PAYMENT_REQUEST_ID_PATTERN, PAYMENT_REQUEST_REFUSALS, type PublicPaymentRequest } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { paymentRequestKeys } from './get-payment-requests.ts';
import { InvalidPaymentRequestResponseError } from './invalid-response.ts';

const notFound = () => new ApiError(404, 'PAYMENT_REQUEST_NOT_FOUND', PAYMENT_REQUEST_REFUSALS.notFound);

/**
 * GET /api/pay/:id: what anyone with the link sees (the pay page, and a scanned or pasted `/pay/` link). A malformed
 * id is not asked for: it is as unknown as a 404, and every 404 is told in the registry's words.
 */
export async function getPublicPaymentRequest(id: string, signal?: AbortSignal): Promise<PublicPaymentRequest> {
  if (!PAYMENT_REQUEST_ID_PATTERN.test(id)) throw notFound();
  const [body, { publicPaymentRequestSchema }] = await Promise.all([
    apiFetch<unknown>(`/api/pay/${encodeURIComponent(id)}`, { signal }).catch((error: unknown) => {
      throw error instanceof ApiError && error.status === 404 ? notFound() : error;
    }),
    import('./payment-requests-schemas.ts'),
  ]);
  const parsed = publicPaymentRequestSchema.safeParse(body);
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
