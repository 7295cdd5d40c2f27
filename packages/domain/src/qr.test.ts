import { bytesToHex } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toChecksumAddress } from './addresses.ts';
import { findAsset, listAssets } from './assets.ts';
import { NETWORK_IDS } from './networks.ts';
import { INVALID_QR_MESSAGE, MAX_QR_PAYLOAD_CHARS, parseQrPayload, receiveQrPayload, receiveUri } from './qr.ts';

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

const SEPOLIA_USDC = findAsset('eth_sepolia', 'USDC')!.address!;
const MUMBAI_USDC = findAsset('polygon_mumbai', 'USDC')!.address!;
const DEVNET_USDC = findAsset('solana_devnet', 'USDC')!.address!;
const SOLANA_RECIPIENT = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

describe('receiveUri', () => {
  it('keeps the coin code as it is: the scheme and the address', () => {
    expect(receiveUri('eth_sepolia', EVM)).toBe(`ethereum:${EVM}`);
    expect(receiveUri('polygon_mumbai', EVM, 'MATIC')).toBe(`polygon:${EVM}`);
    expect(receiveUri('solana_devnet', SOLANA_RECIPIENT, 'SOL')).toBe(`solana:${SOLANA_RECIPIENT}`);
  });

  it('writes USDC in the standard token forms: EIP-681 transfer on EVM, Solana Pay spl-token on Solana', () => {
    expect(receiveUri('eth_sepolia', EVM, 'USDC')).toBe(`ethereum:${SEPOLIA_USDC}@11155111/transfer?address=${EVM}`);
    expect(receiveUri('polygon_mumbai', EVM, 'USDC')).toBe(`ethereum:${MUMBAI_USDC}@80001/transfer?address=${EVM}`);
    expect(receiveUri('solana_devnet', SOLANA_RECIPIENT, 'USDC')).toBe(`solana:${SOLANA_RECIPIENT}?spl-token=${DEVNET_USDC}`);
  });

  it('refuses an asset the network does not have', () => {
    expect(() => receiveUri('eth_sepolia', EVM, 'SOL')).toThrow(RangeError);
    expect(() => receiveUri('solana_devnet', SOLANA_RECIPIENT, 'DOGE')).toThrow(RangeError);
  });

  it.each([
    ['eth_sepolia', EVM, { scheme: 'ethereum', chainId: 11155111, tokenAddress: SEPOLIA_USDC }],
    ['polygon_mumbai', EVM, { scheme: 'ethereum', chainId: 80001, tokenAddress: MUMBAI_USDC }],
    ['solana_devnet', SOLANA_RECIPIENT, { scheme: 'solana', tokenAddress: DEVNET_USDC }],
  ] as const)('reads the %s USDC code back to recipient, network and token', (network, address, expected) => {
    expect(parseQrPayload(receiveUri(network, address, 'USDC'))).toEqual({ ok: true, address, network, asset: 'USDC', ...expected });
  });

  it('reads every receive code of every asset back to its recipient, network and asset', () => {
    const assets = fc.constantFrom(...NETWORK_IDS.flatMap((network) => listAssets(network).map((asset) => [network, asset] as const)));
    fc.assert(
      fc.property(assets, evmAddresses, solanaAddresses, ([network, asset], evm, solana) => {
        const address = network === 'solana_devnet' ? solana : evm;
        const parsed = parseQrPayload(receiveUri(network, address, asset.symbol));
        expect(parsed).toMatchObject({ ok: true, address });
        if (asset.kind === 'token') expect(parsed).toMatchObject({ network, asset: asset.symbol, tokenAddress: asset.address });
        else expect(parsed).not.toHaveProperty('asset');
      }),
    );
  });
});

describe('parseQrPayload: token transfers', () => {
  it('reads an EIP-681 token transfer from another wallet: any case, pay- prefix, uint256 amount', () => {
    expect(parseQrPayload(`ethereum:pay-${SEPOLIA_USDC.toLowerCase()}@11155111/transfer?address=${EVM}&uint256=2.5e6`)).toEqual({
      ok: true,
      address: EVM,
      scheme: 'ethereum',
      chainId: 11155111,
      network: 'eth_sepolia',
      asset: 'USDC',
      tokenAddress: SEPOLIA_USDC,
      amountUnits: 2_500_000n,
    });
  });

  it('finds the network from the token when the link names no chain', () => {
    expect(parseQrPayload(`ethereum:${MUMBAI_USDC}/transfer?address=${EVM}`)).toEqual({
      ok: true,
      address: EVM,
      scheme: 'ethereum',
      network: 'polygon_mumbai',
      asset: 'USDC',
      tokenAddress: MUMBAI_USDC,
    });
    expect(parseQrPayload(`polygon:${MUMBAI_USDC}/transfer?address=${EVM}`)).toMatchObject({ network: 'polygon_mumbai', asset: 'USDC' });
  });

  it.each([
    ['a token we do not hold', `ethereum:${EVM}@11155111/transfer?address=${EVM}`],
    ["another network's token for the chain named", `ethereum:${MUMBAI_USDC}@11155111/transfer?address=${EVM}`],
    ['an unknown chain', `ethereum:${SEPOLIA_USDC}@1/transfer?address=${EVM}`],
    ['another function', `ethereum:${SEPOLIA_USDC}@11155111/approve?address=${EVM}&uint256=1`],
    ['no recipient', `ethereum:${SEPOLIA_USDC}@11155111/transfer?uint256=1`],
    ['a recipient that is no address', `ethereum:${SEPOLIA_USDC}@11155111/transfer?address=0x1234`],
    ['an amount that is not whole units', `ethereum:${SEPOLIA_USDC}@11155111/transfer?address=${EVM}&uint256=1.5`],
    ['a polygon: link to the Sepolia token', `polygon:${SEPOLIA_USDC}/transfer?address=${EVM}`],
    ['a mint we do not hold', `solana:${SOLANA_RECIPIENT}?spl-token=${USDC_MINT}`],
    ['a mint that is no address', `solana:${SOLANA_RECIPIENT}?spl-token=nope`],
  ])('refuses %s', (_case, text) => {
    expect(parseQrPayload(text)).toEqual(invalid);
  });

  it('reads a Solana Pay token link with other parameters', () => {
    expect(parseQrPayload(`solana:${SOLANA_RECIPIENT}?amount=25&spl-token=${DEVNET_USDC}&label=Shop`)).toEqual({
      ok: true,
      address: SOLANA_RECIPIENT,
      scheme: 'solana',
      network: 'solana_devnet',
      asset: 'USDC',
      tokenAddress: DEVNET_USDC,
    });
  });
});
