import { describe, expect, it } from 'vitest';
import { encodePaymentRequestUri, referenceToBase58 } from './payment-requests.ts';

const REFERENCE = '0f'.repeat(32);

describe('encodePaymentRequestUri', () => {
  it('writes an EIP-681 coin request with the chain id and the value in wei', () => {
    const uri = encodePaymentRequestUri({ network: 'eth_sepolia', address: '0x1111111111111111111111111111111111111111', asset: 'ETH', amountUnits: 10n ** 16n });
    expect(uri).toBe('ethereum:0x1111111111111111111111111111111111111111@11155111?value=10000000000000000');
  });

  it('writes an EIP-681 token transfer on Polygon Amoy with the reference last', () => {
    const uri = encodePaymentRequestUri({
      network: 'polygon_amoy',
      address: '0x1111111111111111111111111111111111111111',
      asset: 'USDC',
      amountUnits: 5_000_000n,
      reference: REFERENCE,
    });
    expect(uri).toBe(
      `ethereum:0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582@80002/transfer?address=0x1111111111111111111111111111111111111111&uint256=5000000&reference=0x${REFERENCE}`,
    );
  });

  it('writes a Solana Pay transfer request with the amount in user units and the parameters in the spec order', () => {
    const uri = encodePaymentRequestUri({
      network: 'solana_devnet',
      address: 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN',
      asset: 'USDC',
      amountUnits: 1_500_000n,
      reference: REFERENCE,
      label: 'Ana Silva',
      message: 'Rent & bills',
    });
    expect(uri).toBe(
      `solana:mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN?amount=1.5&spl-token=4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU&reference=${referenceToBase58(REFERENCE)}&label=Ana%20Silva&message=Rent%20%26%20bills`,
    );
  });

  it('never writes scientific notation in a Solana amount', () => {
    const uri = encodePaymentRequestUri({ network: 'solana_devnet', address: 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN', asset: 'SOL', amountUnits: 1n });
    expect(uri).toBe('solana:mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN?amount=0.000000001');
  });
});
