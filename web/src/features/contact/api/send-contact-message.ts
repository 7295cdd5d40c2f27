import type { ContactMessage } from '@fincrypt/domain';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';

export const CONTACT_SENT_MESSAGE = "Message sent successfully! We'll get back to you soon.";
export const CONTACT_FAILED_MESSAGE = 'Failed to send message. Please try again.';

export async function sendContactMessage(message: ContactMessage): Promise<{ id: string }> {
  return apiFetch<{ id: string }>('/api/contact', { method: 'POST', body: message });
}

/** Sends the contact form and reports the outcome in a toast (too many messages: the server's words, with the wait). */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => toast.success(CONTACT_SENT_MESSAGE),
    onError: (error) => toast.error(error instanceof ApiError && error.status === 429 ? error.message : CONTACT_FAILED_MESSAGE),
  });
}
