import type { ContactView } from '@fincrypt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { contactsQueryKey } from './get-contacts.ts';
import { withoutContact } from './contacts-cache.ts';

export const deleteContact = (id: string) => apiFetch<void>(`/api/contacts/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Deletes a contact (DELETE /api/contacts/:id); one already gone elsewhere leaves the list too. */
export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: ContactView) => deleteContact(contact.id),
    onSettled: async (_nothing, _error, contact) => {
      await queryClient.cancelQueries({ queryKey: contactsQueryKey });
      queryClient.setQueryData<ContactView[]>(contactsQueryKey, (contacts) => withoutContact(contacts, contact.id));
      void queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    },
  });
}
