import { describe, expect, it } from 'vitest';
import { assessRecipient, knownAddresses } from './recipient-assessment.ts';

const PAID = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const LOOKALIKE_OF_PAID = `0x5aae${'1'.repeat(32)}eaed`;
const OWN_POLYGON = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const OWN_SOLANA = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const ownWallets = [
  { network: 'polygon_mumbai' as const, address: OWN_POLYGON },
  { network: 'solana_devnet' as const, address: OWN_SOLANA },
];

describe('assessRecipient', () => {
  it('lets a send to an address paid before on this network go without a question', () => {
    expect(assessRecipient({ network: 'eth_sepolia', to: PAID, ownWallets, pastRecipients: [PAID], hasPaidBefore: true })).toEqual({ kind: 'familiar' });
  });

  it('treats one of your own wallets as familiar', () => {
    expect(assessRecipient({ network: 'eth_sepolia', to: OWN_POLYGON, ownWallets, pastRecipients: [], hasPaidBefore: false })).toEqual({
      kind: 'familiar',
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
      imitated: { address: OWN_POLYGON, description: 'your Polygon Mumbai wallet' },
    });
  });

  it('compares Solana addresses case-sensitively', () => {
    const differentCase = OWN_SOLANA.slice(0, 4) + OWN_SOLANA.slice(4, -4).toLowerCase() + OWN_SOLANA.slice(-4);
    expect(assessRecipient({ network: 'solana_devnet', to: differentCase, ownWallets, pastRecipients: [], hasPaidBefore: false }).kind).toBe(
      'lookalike',
    );
  });
});

describe('knownAddresses', () => {
  it('lists your wallets first and each past recipient once, whatever its letter case', () => {
    expect(knownAddresses(ownWallets, [PAID, PAID.toLowerCase(), OWN_POLYGON])).toEqual([
      { address: OWN_POLYGON, description: 'your Polygon Mumbai wallet' },
      { address: OWN_SOLANA, description: 'your Solana Devnet wallet' },
      { address: PAID, description: 'an address you have sent to before' },
    ]);
  });
});
