import { type ContactView, signedInPaths } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const contactsQueryKey = ['contacts'] as const;

/** The user's contacts, by name (GET /api/contacts). */
export async function getContacts(): Promise<ContactView[]> {
  const [body, { contactListSchema }] = await Promise.all([apiFetch<unknown>(signedInPaths.contacts), import('./contacts-schemas.ts')]);
  return contactListSchema.parse(body).contacts;
}

export function useContacts() {
  return useQuery({ queryKey: contactsQueryKey, queryFn: getContacts });
}
