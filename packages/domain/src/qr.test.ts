import { bytesToHex } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toChecksumAddress } from './addresses.ts';
import { NETWORK_IDS } from './networks.ts';
import { INVALID_QR_MESSAGE, MAX_QR_PAYLOAD_CHARS, parseQrPayload, receiveQrPayload } from './qr.ts';

const EVM = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const WRAPPED_SOL = 'So11111111111111111111111111111111111111112';
const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const invalid = { ok: false, message: 'Invalid QR code format' };

const evmAddresses = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => toChecksumAddress(`0x${bytesToHex(bytes)}`));
const solanaAddresses = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => base58.encode(bytes));

describe('receiveQrPayload', () => {
  it('prefixes the address with the network scheme', () => {
    expect(receiveQrPayload('eth_sepolia', EVM)).toBe(`ethereum:${EVM}`);
    expect(receiveQrPayload('polygon_mumbai', EVM)).toBe(`polygon:${EVM}`);
    expect(receiveQrPayload('solana_devnet', USDC_MINT)).toBe(`solana:${USDC_MINT}`);
  });

  it.each([SYSTEM_PROGRAM, WRAPPED_SOL, USDC_MINT])('reads our Solana receive code for %s back', (address) => {
    expect(parseQrPayload(receiveQrPayload('solana_devnet', address))).toEqual({
      ok: true,
      address,
      scheme: 'solana',
      network: 'solana_devnet',
    });
  });

  it('reads every receive code we make back to its address', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NETWORK_IDS), evmAddresses, solanaAddresses, (network, evm, solana) => {
        const address = network === 'solana_devnet' ? solana : evm;
        const parsed = parseQrPayload(receiveQrPayload(network, address));
        expect(parsed).toMatchObject({ ok: true, address });
        if (network !== 'eth_sepolia') expect(parsed).toMatchObject({ network });
      }),
    );
  });
});

describe('parseQrPayload', () => {
  it('takes the address of an EIP-681 link and exposes chain id and value', () => {
    expect(parseQrPayload(`ethereum:${EVM}@11155111?value=2.014e18`)).toEqual({
      ok: true,
      address: EVM,
      scheme: 'ethereum',
      chainId: 11155111,
      network: 'eth_sepolia',
      valueWei: 2_014_000_000_000_000_000n,
    });
    expect(parseQrPayload(`ethereum:pay-${EVM}@80001?gas=21000&value=1000`)).toMatchObject({
      address: EVM,
      network: 'polygon_mumbai',
      valueWei: 1000n,
    });
  });

  it('exposes a chain id it does not know without naming a network', () => {
    const parsed = parseQrPayload(`ethereum:${EVM}@1`);
    expect(parsed).toMatchObject({ ok: true, address: EVM, chainId: 1 });
    expect(parsed).not.toHaveProperty('network');
  });

  it('refuses a value that is not a whole number of wei, and contract calls', () => {
    expect(parseQrPayload(`ethereum:${EVM}?value=1.5`)).toEqual(invalid);
    expect(parseQrPayload(`ethereum:${EVM}?value=-1`)).toEqual(invalid);
    expect(parseQrPayload(`ethereum:${EVM}@1/transfer?address=${EVM}&uint256=1`)).toEqual(invalid);
  });

  it('accepts the scheme in any case, and surrounding spaces', () => {
    expect(parseQrPayload(`  ETHEREUM:${EVM}\n`)).toMatchObject({ ok: true, address: EVM, scheme: 'ethereum' });
  });

  it('accepts a bare address', () => {
    expect(parseQrPayload(EVM)).toEqual({ ok: true, address: EVM });
    expect(parseQrPayload(SYSTEM_PROGRAM)).toEqual({ ok: true, address: SYSTEM_PROGRAM, network: 'solana_devnet' });
  });

  it('accepts a Solana Pay link', () => {
    expect(parseQrPayload(`solana:${USDC_MINT}?amount=1.5&label=Shop`)).toMatchObject({ ok: true, address: USDC_MINT });
  });

  it('falls back to the last rule of docs/product.md#qr-codes: the first alphanumeric run of 42 or more characters', () => {
    const run = 'A'.repeat(42);
    expect(parseQrPayload(`pay me at ${run} please`)).toEqual({ ok: true, address: run });
    expect(parseQrPayload(`polygon:${run}`)).toEqual({ ok: true, address: run, scheme: 'polygon' });
  });

  it('refuses anything else with the message of docs/product.md#qr-codes', () => {
    expect(INVALID_QR_MESSAGE).toBe('Invalid QR code format');
    for (const text of ['', '   ', 'hello world', 'ethereum:0x1234', `solana:${SYSTEM_PROGRAM.slice(1)}`, 'A'.repeat(41)]) {
      expect(parseQrPayload(text), text).toEqual(invalid);
    }
    expect(parseQrPayload(`ethereum:${EVM}${' '.repeat(MAX_QR_PAYLOAD_CHARS)}x`)).toEqual(invalid);
  });
});
