import { type ContactView, NETWORKS, type NetworkId, type WalletView, looksLikeButDiffers, sameAddress } from '@fincrypt/domain';

/** An address the user already knows: one of their own wallets, a contact, or one they have sent to. */
export interface KnownAddress {
  address: string;
  /** How the warning names it, e.g. "your Polygon Amoy wallet" or "your contact Ana Silva". */
  description: string;
}

export type RecipientAssessment =
  /** Paid before, one of the user's wallets, or a saved contact on this network (named, to show it). */
  | { kind: 'familiar'; contactName?: string; isOwnWallet?: boolean }
  | { kind: 'first-payment' }
  /** Shares the first and last characters of a known address but is another one (address poisoning). */
  | { kind: 'lookalike'; imitated: KnownAddress };

export interface RecipientAssessmentInput {
  network: NetworkId;
  /** The recipient in canonical form. */
  to: string;
  ownWallets: readonly Pick<WalletView, 'address' | 'network'>[];
  /** The user's contacts, on every network. */
  contacts?: readonly Pick<ContactView, 'address' | 'network' | 'name'>[];
  /** Recipients of the user's recent sends, on any network. */
  pastRecipients: readonly string[];
  /** Whether the user has already sent to `to` on this network. */
  hasPaidBefore: boolean;
}

/** Own wallets first, then contacts, then past recipients; each address once, under the first that names it. */
export function knownAddresses(
  ownWallets: RecipientAssessmentInput['ownWallets'],
  pastRecipients: readonly string[],
  contacts: NonNullable<RecipientAssessmentInput['contacts']> = [],
): KnownAddress[] {
  const known: KnownAddress[] = ownWallets.map((wallet) => ({
    address: wallet.address,
    description: `your ${NETWORKS[wallet.network].label} wallet`,
  }));
  const add = (address: string, description: string) => {
    if (!known.some((entry) => sameAddress(entry.address, address))) known.push({ address, description });
  };
  for (const contact of contacts) add(contact.address, `your contact ${contact.name}`);
  for (const address of pastRecipients) add(address, 'an address you have sent to before');
  return known;
}

/**
 * Decides whether a send needs the user's explicit confirmation first: a look-alike of a known address
 * (checked first: it is the dangerous case) or an address never paid on this network. Sending to one of
 * one's own wallets counts as familiar, as the server's fraud rules treat it; so does a contact saved on
 * this network (the server's rules count contacts too).
 */
export function assessRecipient({ network, to, ownWallets, contacts = [], pastRecipients, hasPaidBefore }: RecipientAssessmentInput): RecipientAssessment {
  const known = knownAddresses(ownWallets, pastRecipients, contacts);
  const imitatedAddress = looksLikeButDiffers(to, known.map((entry) => entry.address));
  const imitated = imitatedAddress === undefined ? undefined : known.find((entry) => entry.address === imitatedAddress);
  if (imitated) return { kind: 'lookalike', imitated };
  const contact = contacts.find((candidate) => candidate.network === network && sameAddress(candidate.address, to));
  if (contact) return { kind: 'familiar', contactName: contact.name };
  if (ownWallets.some((wallet) => sameAddress(wallet.address, to))) return { kind: 'familiar', isOwnWallet: true };
  if (hasPaidBefore) return { kind: 'familiar' };
  return { kind: 'first-payment' };
}
