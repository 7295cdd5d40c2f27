import type { CreatePaymentRequestInput, PaymentRequestView } from '@fincrypt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { paymentRequestKeys } from './get-payment-requests.ts';
import { InvalidPaymentRequestResponseError } from './invalid-response.ts';

/** POST /api/payment-requests: a new request (201 with its view: URI, reference, link path). */
export async function createPaymentRequest(input: CreatePaymentRequestInput): Promise<PaymentRequestView> {
  const [body, { paymentRequestViewSchema }] = await Promise.all([
    apiFetch<unknown>('/api/payment-requests', { method: 'POST', body: input }),
    import('./payment-requests-schemas.ts'),
  ]);
  const parsed = paymentRequestViewSchema.safeParse(body);
  if (!parsed.success) throw new InvalidPaymentRequestResponseError();
  return parsed.data;
}

/** Creates a request and puts it first in the list. */
export function useCreatePaymentRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentRequest,
    onSuccess: (created) => {
      queryClient.setQueryData<PaymentRequestView[]>(paymentRequestKeys.mine, (requests) => (requests ? [created, ...requests] : requests));
      void queryClient.invalidateQueries({ queryKey: paymentRequestKeys.mine });
    },
  });
}
