import { IDEMPOTENCY_KEY_HEADER, type SendRequestInput, type SendResponse, type WalletView } from '@fincrypt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { paymentRequestKeys } from '../../payment-requests/index.ts';
import { walletsQueryKey } from '../../wallets/index.ts';
import { readSendResponse, withSendTimeout } from '../send-failure.ts';
import { feeQuotesQueryKey } from './get-fee-quotes.ts';

export interface SendTransactionVariables {
  request: SendRequestInput;
  /** The server answers a retry with the same key with the first answer instead of sending twice. */
  idempotencyKey: string;
}

/** Sends; no answer within 15 s is a SendTimeoutError, an answer that is not a send's an InvalidSendResponseError. */
export async function sendTransaction({ request, idempotencyKey }: SendTransactionVariables): Promise<SendResponse> {
  const body = await withSendTimeout((signal) =>
    apiFetch<unknown>('/api/transactions', {
      method: 'POST',
      body: request,
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      signal,
    }),
  );
  return readSendResponse(body);
}

/** Sends, then shows the debited balance at once (the realtime events bring the rest). */
export function useSendTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTransaction,
    onSuccess: ({ wallet }, { request }) => {
      // A send that paid a request: its pay page (and, for a request of one's own, the list) now reads it paid.
      if (request.reference) void queryClient.invalidateQueries({ queryKey: paymentRequestKeys.all });
      queryClient.setQueryData<WalletView[]>(walletsQueryKey, (wallets) =>
        wallets?.map((candidate) => (candidate.id === wallet.id ? wallet : candidate)),
      );
      void queryClient.invalidateQueries({ queryKey: walletsQueryKey });
      void queryClient.invalidateQueries({ queryKey: feeQuotesQueryKey(wallet.id) });
    },
  });
}
