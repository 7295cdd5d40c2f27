import type { ContactView } from '@fincrypt/domain';

/** The server's order: by name ignoring case, then network. */
export function byName(a: ContactView, b: ContactView): number {
  const byLowerName = a.name.toLowerCase().localeCompare(b.name.toLowerCase());
  return byLowerName !== 0 ? byLowerName : a.network.localeCompare(b.network);
}

/** The cached list with this contact added or replaced, in order. */
export function withContact(contacts: ContactView[] | undefined, contact: ContactView): ContactView[] | undefined {
  if (!contacts) return contacts;
  return [...contacts.filter((candidate) => candidate.id !== contact.id), contact].sort(byName);
}

export function withoutContact(contacts: ContactView[] | undefined, id: string): ContactView[] | undefined {
  return contacts?.filter((contact) => contact.id !== id);
}
