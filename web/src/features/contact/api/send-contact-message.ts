import type { ContactMessage } from '@fincrypt/domain';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export const CONTACT_SENT_MESSAGE = "Message sent successfully! We'll get back to you soon.";
export const CONTACT_FAILED_MESSAGE = 'Failed to send message. Please try again.';

export async function sendContactMessage(message: ContactMessage): Promise<{ id: string }> {
  return apiFetch<{ id: string }>('/api/contact', { method: 'POST', body: message });
}

/** Sends the contact form and reports the outcome in a toast. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => toast.success(CONTACT_SENT_MESSAGE),
    onError: () => toast.error(CONTACT_FAILED_MESSAGE),
  });
}
