import type { ContactView, CreateContactInput } from '@fincrypt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { contactsQueryKey } from './get-contacts.ts';
import { withContact } from './contacts-cache.ts';

export async function createContact(input: CreateContactInput): Promise<ContactView> {
  const [body, { contactViewSchema }] = await Promise.all([apiFetch<unknown>('/api/contacts', { method: 'POST', body: input }), import('./contacts-schemas.ts')]);
  return contactViewSchema.parse(body);
}

/** Saves a contact (POST /api/contacts); the list shows it at once, then is read again. */
export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: async (contact) => {
      await queryClient.cancelQueries({ queryKey: contactsQueryKey });
      queryClient.setQueryData<ContactView[]>(contactsQueryKey, (contacts) => withContact(contacts, contact));
      void queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    },
  });
}
