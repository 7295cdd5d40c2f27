import { PAYMENT_REQUEST_REFUSALS, type PublicPaymentRequest, publicPaymentRequestSchema } from '@fincrypt/domain';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';

/**
 * A payment request as anyone with its link sees it (`GET /api/pay/:id`), for a scanned or pasted `/pay/` link.
 * Unknown ids answer 404, told in the registry's words.
 */
export async function getPayRequest(id: string, signal?: AbortSignal): Promise<PublicPaymentRequest> {
  try {
    const body = await apiFetch<unknown>(`/api/pay/${encodeURIComponent(id)}`, { signal });
    return publicPaymentRequestSchema.parse(body);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new ApiError(404, error.code, PAYMENT_REQUEST_REFUSALS.notFound);
    throw error;
  }
}
