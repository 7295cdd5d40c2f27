import { parseQrPayload } from '@fincrypt/domain';
import { describe, expect, it } from 'vitest';
import { codeDescription, prefillFromCode } from './payment-code.ts';

const MVINES = 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN';
const DEVNET_USDC = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU';

function recipientOf(text: string) {
  const parsed = parseQrPayload(text);
  if (!parsed.ok || parsed.kind !== 'recipient') throw new Error(`not a recipient: ${text}`);
  return parsed;
}

describe('prefillFromCode', () => {
  it('a Solana Pay USDC code: network, recipient, asset, the amount in the asset, the reference', () => {
    const code = recipientOf(`solana:${MVINES}?amount=12.5&spl-token=${DEVNET_USDC}&reference=${'1'.repeat(32)}&label=Caf%C3%A9&message=Two%20coffees`);
    expect(prefillFromCode(code)).toEqual({
      network: 'solana_devnet',
      to: MVINES,
      asset: 'USDC',
      amount: '12.5',
      amountUnit: { kind: 'asset' },
      reference: '00'.repeat(32),
    });
    expect(codeDescription(code)).toBe('Café: Two coffees');
  });

  it('a bare address names nothing else', () => {
    expect(prefillFromCode(recipientOf('0x000000000000000000000000000000000000dEaD'))).toEqual({ to: '0x000000000000000000000000000000000000dEaD' });
    expect(codeDescription({})).toBeUndefined();
    expect(codeDescription({ label: 'Michael' })).toBe('Michael');
  });

  it('says first that a retired chain\'s code pays on its successor', () => {
    const code = recipientOf('ethereum:0x000000000000000000000000000000000000dEaD@80001');
    expect(prefillFromCode(code)).toMatchObject({ network: 'polygon_amoy' });
    expect(codeDescription(code)).toBe('Polygon Mumbai was retired in April 2024: this payment goes on Polygon Amoy');
    expect(codeDescription({ ...code, label: 'Café' })).toBe('Polygon Mumbai was retired in April 2024: this payment goes on Polygon Amoy. Café');
  });
});
