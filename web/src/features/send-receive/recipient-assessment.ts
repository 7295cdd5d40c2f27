import { NETWORKS, type NetworkId, type WalletView, looksLikeButDiffers, sameAddress } from '@fincrypt/domain';

/** An address the user already knows: one of their own wallets, or one they have sent to. */
export interface KnownAddress {
  address: string;
  /** How the warning names it, e.g. "your Polygon Mumbai wallet". */
  description: string;
}

export type RecipientAssessment =
  | { kind: 'familiar' }
  | { kind: 'first-payment' }
  /** Shares the first and last characters of a known address but is another one (address poisoning). */
  | { kind: 'lookalike'; imitated: KnownAddress };

export interface RecipientAssessmentInput {
  network: NetworkId;
  /** The recipient in canonical form. */
  to: string;
  ownWallets: readonly Pick<WalletView, 'address' | 'network'>[];
  /** Recipients of the user's recent sends, on any network. */
  pastRecipients: readonly string[];
  /** Whether the user has already sent to `to` on this network. */
  hasPaidBefore: boolean;
}

export function knownAddresses(ownWallets: RecipientAssessmentInput['ownWallets'], pastRecipients: readonly string[]): KnownAddress[] {
  const known: KnownAddress[] = ownWallets.map((wallet) => ({
    address: wallet.address,
    description: `your ${NETWORKS[wallet.network].label} wallet`,
  }));
  for (const address of pastRecipients) {
    if (!known.some((entry) => sameAddress(entry.address, address))) {
      known.push({ address, description: 'an address you have sent to before' });
    }
  }
  return known;
}

/**
 * Decides whether a send needs the user's explicit confirmation first: a look-alike of a known address
 * (checked first: it is the dangerous case) or an address never paid on this network. Sending to one of
 * one's own wallets counts as familiar, as the server's fraud rules treat it.
 */
export function assessRecipient({ to, ownWallets, pastRecipients, hasPaidBefore }: RecipientAssessmentInput): RecipientAssessment {
  const known = knownAddresses(ownWallets, pastRecipients);
  const imitatedAddress = looksLikeButDiffers(to, known.map((entry) => entry.address));
  const imitated = imitatedAddress === undefined ? undefined : known.find((entry) => entry.address === imitatedAddress);
  if (imitated) return { kind: 'lookalike', imitated };
  if (hasPaidBefore || ownWallets.some((wallet) => sameAddress(wallet.address, to))) return { kind: 'familiar' };
  return { kind: 'first-payment' };
}
