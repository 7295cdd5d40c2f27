import type { ContactView } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { loadSchemas } from '../../../lib/load-schemas.ts';

export const contactsQueryKey = ['contacts'] as const;

/** The user's contacts, by name (GET /api/contacts). */
export async function getContacts(): Promise<ContactView[]> {
  const [body, { contactListSchema }] = await Promise.all([apiFetch<unknown>('/api/contacts'), loadSchemas()]);
  return contactListSchema.parse(body).contacts;
}

export function useContacts() {
  return useQuery({ queryKey: contactsQueryKey, queryFn: getContacts });
}
