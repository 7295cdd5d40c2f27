import type { ContactView, UpdateContactInput } from '@fincrypt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { contactsQueryKey } from './get-contacts.ts';
import { withContact } from './contacts-cache.ts';

export async function updateContact({ id, change }: { id: string; change: UpdateContactInput }): Promise<ContactView> {
  const [answer, { contactViewSchema }] = await Promise.all([
    apiFetch<unknown>(`/api/contacts/${encodeURIComponent(id)}`, { method: 'PATCH', body: change }),
    import('./contacts-schemas.ts'),
  ]);
  return contactViewSchema.parse(answer);
}

/** Renames a contact or gives it a new address (PATCH /api/contacts/:id). */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: async (contact) => {
      await queryClient.cancelQueries({ queryKey: contactsQueryKey });
      queryClient.setQueryData<ContactView[]>(contactsQueryKey, (contacts) => withContact(contacts, contact));
      void queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    },
  });
}
