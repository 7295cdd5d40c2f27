import type { PaymentRequestView } from '@fincrypt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { paymentRequestKeys } from './get-payment-requests.ts';
import { InvalidPaymentRequestResponseError } from './invalid-response.ts';

/** POST /api/payment-requests/:id/cancel: an open request of the user's is cancelled (409 when it is no longer open). */
export async function cancelPaymentRequest(id: string): Promise<PaymentRequestView> {
  const [body, { paymentRequestViewSchema }] = await Promise.all([
    apiFetch<unknown>(`/api/payment-requests/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
    import('./payment-requests-schemas.ts'),
  ]);
  const parsed = paymentRequestViewSchema.safeParse(body);
  if (!parsed.success) throw new InvalidPaymentRequestResponseError();
  return parsed.data;
}

/** Cancels, and shows the request cancelled in the list at once. */
export function useCancelPaymentRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPaymentRequest,
    onSuccess: (cancelled) => {
      queryClient.setQueryData<PaymentRequestView[]>(paymentRequestKeys.mine, (requests) =>
        requests?.map((request) => (request.id === cancelled.id ? cancelled : request)),
      );
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: paymentRequestKeys.all }),
  });
}
