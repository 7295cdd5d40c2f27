import { type ContactView, contactListSchema } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const contactsQueryKey = ['contacts'] as const;

/** The user's contacts, by name (GET /api/contacts). */
export async function getContacts(): Promise<ContactView[]> {
  return contactListSchema.parse(await apiFetch<unknown>('/api/contacts')).contacts;
}

export function useContacts() {
  return useQuery({ queryKey: contactsQueryKey, queryFn: getContacts });
}
