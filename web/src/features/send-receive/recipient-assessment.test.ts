import { describe, expect, it } from 'vitest';
import { assessRecipient, knownAddresses } from './recipient-assessment.ts';

const PAID = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const LOOKALIKE_OF_PAID = `0x5aae${'1'.repeat(32)}eaed`;
const OWN_POLYGON = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const OWN_SOLANA = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const ownWallets = [
  { network: 'polygon_amoy' as const, address: OWN_POLYGON },
  { network: 'solana_devnet' as const, address: OWN_SOLANA },
];

describe('assessRecipient', () => {
  it('lets a send to an address paid before on this network go without a question', () => {
    expect(assessRecipient({ network: 'eth_sepolia', to: PAID, ownWallets, pastRecipients: [PAID], hasPaidBefore: true })).toEqual({ kind: 'familiar' });
  });

  it('treats one of your own wallets as familiar', () => {
    expect(assessRecipient({ network: 'eth_sepolia', to: OWN_POLYGON, ownWallets, pastRecipients: [], hasPaidBefore: false })).toEqual({
      kind: 'familiar',
      isOwnWallet: true,
    });
  });

  it('asks before a first payment', () => {
    expect(
      assessRecipient({ network: 'eth_sepolia', to: '0x000000000000000000000000000000000000dEaD', ownWallets, pastRecipients: [PAID], hasPaidBefore: false }),
    ).toEqual({ kind: 'first-payment' });
  });

  it('names the past recipient a look-alike imitates', () => {
    expect(assessRecipient({ network: 'eth_sepolia', to: LOOKALIKE_OF_PAID, ownWallets, pastRecipients: [PAID], hasPaidBefore: false })).toEqual({
      kind: 'lookalike',
      imitated: { address: PAID, description: 'an address you have sent to before' },
    });
  });

  it('names your own wallet when the look-alike imitates it, even if the look-alike was paid before', () => {
    const lookalike = `0xfb69${'0'.repeat(32)}d359`;
    expect(assessRecipient({ network: 'eth_sepolia', to: lookalike, ownWallets, pastRecipients: [lookalike], hasPaidBefore: true })).toEqual({
      kind: 'lookalike',
      imitated: { address: OWN_POLYGON, description: 'your Polygon Amoy wallet' },
    });
  });

  it('compares Solana addresses case-sensitively', () => {
    const differentCase = OWN_SOLANA.slice(0, 4) + OWN_SOLANA.slice(4, -4).toLowerCase() + OWN_SOLANA.slice(-4);
    expect(assessRecipient({ network: 'solana_devnet', to: differentCase, ownWallets, pastRecipients: [], hasPaidBefore: false }).kind).toBe(
      'lookalike',
    );
  });
});

describe('assessRecipient with contacts', () => {
  const CONTACT = '0x000000000000000000000000000000000000dEaD';
  const contacts = [{ network: 'eth_sepolia' as const, address: CONTACT, name: 'Ana Silva' }];

  it('lets a first payment to a contact saved on this network go without a question, and names it', () => {
    expect(assessRecipient({ network: 'eth_sepolia', to: CONTACT, ownWallets, contacts, pastRecipients: [], hasPaidBefore: false })).toEqual({
      kind: 'familiar',
      contactName: 'Ana Silva',
    });
  });

  it('asks before a first payment to the same address on another network', () => {
    expect(assessRecipient({ network: 'polygon_amoy', to: CONTACT, ownWallets, contacts, pastRecipients: [], hasPaidBefore: false })).toEqual({
      kind: 'first-payment',
    });
  });

  it('names the contact a look-alike imitates, on any network, even one paid before', () => {
    const lookalike = `0x0000${'7'.repeat(32)}dead`;
    for (const network of ['eth_sepolia', 'polygon_amoy'] as const) {
      expect(assessRecipient({ network, to: lookalike, ownWallets, contacts, pastRecipients: [lookalike], hasPaidBefore: true })).toEqual({
        kind: 'lookalike',
        imitated: { address: CONTACT, description: 'your contact Ana Silva' },
      });
    }
  });

  it('names a past recipient saved as a contact by its name', () => {
    expect(knownAddresses([], [CONTACT.toLowerCase(), PAID], contacts)).toEqual([
      { address: CONTACT, description: 'your contact Ana Silva' },
      { address: PAID, description: 'an address you have sent to before' },
    ]);
  });
});

describe('knownAddresses', () => {
  it('lists your wallets first and each past recipient once, whatever its letter case', () => {
    expect(knownAddresses(ownWallets, [PAID, PAID.toLowerCase(), OWN_POLYGON])).toEqual([
      { address: OWN_POLYGON, description: 'your Polygon Amoy wallet' },
      { address: OWN_SOLANA, description: 'your Solana Devnet wallet' },
      { address: PAID, description: 'an address you have sent to before' },
    ]);
  });
});
