import { NETWORK_IDS, type NetworkId } from '@fincrypt/domain';

/** The router state that opens Account Settings → Contacts with a new contact started ("Save as contact" after a send). */
export interface ContactsNavigationState {
  tab: 'contacts';
  newContact?: { network: NetworkId; address: string };
}

/** Reads the location state defensively: it may be missing, or left over from another page. */
export function readContactsNavigationState(state: unknown): ContactsNavigationState | undefined {
  const record = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  if (record.tab !== 'contacts') return undefined;
  const draft = record.newContact && typeof record.newContact === 'object' ? (record.newContact as Record<string, unknown>) : undefined;
  const network = NETWORK_IDS.find((id) => id === draft?.network);
  const address = typeof draft?.address === 'string' ? draft.address : undefined;
  return { tab: 'contacts', ...(network && address ? { newContact: { network, address } } : {}) };
}
