import { type ContactView, type NetworkId, sameAddress } from '@fincrypt/domain';

/** The contact saved under this address on this network, if any (EVM addresses compare ignoring case). */
export function findContact(contacts: readonly ContactView[] | undefined, network: NetworkId | undefined, address: string): ContactView | undefined {
  const trimmed = address.trim();
  if (!contacts || network === undefined || trimmed === '') return undefined;
  return contacts.find((contact) => contact.network === network && sameAddress(contact.address, trimmed));
}

/** The contacts one can pay from a wallet on this network, by name. */
export function contactsOn(contacts: readonly ContactView[] | undefined, network: NetworkId | undefined): ContactView[] {
  return network === undefined ? [] : (contacts ?? []).filter((contact) => contact.network === network);
}
