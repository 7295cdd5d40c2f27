import { base58 } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeAddress } from './address-shapes.ts';
import { isValidAddress, toChecksumAddress } from './addresses.ts';

const EIP55 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

describe('looksLikeAddress', () => {
  it('takes the form of the network family, without the checksum or the decoded length', () => {
    expect(looksLikeAddress('eth_sepolia', EIP55)).toBe(true);
    expect(looksLikeAddress('polygon_amoy', EIP55.toLowerCase())).toBe(true);
    // A broken EIP-55 checksum and base58 of the wrong byte count have the shape, and isValidAddress refuses them.
    const brokenChecksum = `0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed`;
    expect(looksLikeAddress('eth_sepolia', brokenChecksum)).toBe(true);
    expect(isValidAddress('eth_sepolia', brokenChecksum)).toBe(false);
    expect(looksLikeAddress('solana_devnet', 'z'.repeat(44))).toBe(true);
    expect(isValidAddress('solana_devnet', 'z'.repeat(44))).toBe(false);
    expect(looksLikeAddress('solana_devnet', USDC_MINT)).toBe(true);
  });

  it('refuses the other family, the wrong length and characters outside the alphabet', () => {
    expect(looksLikeAddress('solana_devnet', EIP55)).toBe(false);
    expect(looksLikeAddress('eth_sepolia', USDC_MINT)).toBe(false);
    expect(looksLikeAddress('eth_sepolia', EIP55.slice(0, -1))).toBe(false);
    expect(looksLikeAddress('eth_sepolia', ` ${EIP55}`)).toBe(false);
    expect(looksLikeAddress('solana_devnet', `${USDC_MINT.slice(0, -1)}0`)).toBe(false);
    expect(looksLikeAddress('solana_devnet', '1'.repeat(31))).toBe(false);
    expect(looksLikeAddress('solana_devnet', '')).toBe(false);
  });

  it('holds for every valid address', () => {
    const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
    const evm = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => toChecksumAddress(`0x${hex(bytes)}`));
    const solana = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => base58.encode(bytes));
    fc.assert(
      fc.property(evm, solana, (evmAddress, solanaAddress) => {
        expect(isValidAddress('eth_sepolia', evmAddress) && looksLikeAddress('eth_sepolia', evmAddress)).toBe(true);
        expect(isValidAddress('solana_devnet', solanaAddress) && looksLikeAddress('solana_devnet', solanaAddress)).toBe(true);
      }),
    );
  });
});
