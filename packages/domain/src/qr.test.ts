import { bytesToHex } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEvmAddress, toChecksumAddress } from './addresses.ts';
import { findAsset, listAssets } from './assets.ts';
import { formatAmountTrimmed, unitsPerCoin } from './money.ts';
import { NETWORK_IDS } from './networks.ts';
import { MAX_QR_PAYLOAD_CHARS } from './payment-code-shape.ts';
import { PAYMENT_REQUEST_LIMITS, encodePaymentRequestUri, referenceToBase58 } from './payment-requests.ts';
import {
  INVALID_QR_MESSAGE,
  MAX_CODE_WHOLE_UNITS,
  QR_CODE_MESSAGES,
  parseQrPayload,
  receiveQrPayload,
  receiveUri,
} from './qr.ts';

const EVM = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const WRAPPED_SOL = 'So11111111111111111111111111111111111111112';
const MAINNET_USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const MVINES = 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN';
const REFERENCE = '0f'.repeat(32);
const REQUEST_ID = 'AbCdEfGhIjKlMnOpQrSt_-';
const invalid = { ok: false, message: 'Invalid QR code format' };

const SEPOLIA_USDC = findAsset('eth_sepolia', 'USDC')!.address!;
const AMOY_USDC = findAsset('polygon_amoy', 'USDC')!.address!;
const DEVNET_USDC = findAsset('solana_devnet', 'USDC')!.address!;
const SOLANA_RECIPIENT = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

const evmAddresses = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => toChecksumAddress(`0x${bytesToHex(bytes)}`));
const solanaAddresses = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => base58.encode(bytes));
const references = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => bytesToHex(bytes));

describe('receive codes', () => {
  it('are EIP-681 with the chain id on the EVM networks and solana:<address> on Solana', () => {
    expect(receiveQrPayload('eth_sepolia', EVM)).toBe(`ethereum:${EVM}@11155111`);
    expect(receiveQrPayload('polygon_amoy', EVM)).toBe(`ethereum:${EVM}@80002`);
    expect(receiveQrPayload('solana_devnet', SOLANA_RECIPIENT)).toBe(`solana:${SOLANA_RECIPIENT}`);
    expect(receiveUri('polygon_amoy', EVM, 'MATIC')).toBe(`ethereum:${EVM}@80002`);
  });

  it('write USDC in the standard token forms: EIP-681 transfer on EVM, Solana Pay spl-token on Solana', () => {
    expect(receiveUri('eth_sepolia', EVM, 'USDC')).toBe(`ethereum:${SEPOLIA_USDC}@11155111/transfer?address=${EVM}`);
    expect(receiveUri('polygon_amoy', EVM, 'USDC')).toBe(`ethereum:${AMOY_USDC}@80002/transfer?address=${EVM}`);
    expect(receiveUri('solana_devnet', SOLANA_RECIPIENT, 'USDC')).toBe(`solana:${SOLANA_RECIPIENT}?spl-token=${DEVNET_USDC}`);
  });

  it('refuse an asset the network does not have', () => {
    expect(() => receiveUri('eth_sepolia', EVM, 'SOL')).toThrow(RangeError);
    expect(() => receiveUri('solana_devnet', SOLANA_RECIPIENT, 'DOGE')).toThrow(RangeError);
  });

  it.each([SYSTEM_PROGRAM, WRAPPED_SOL, MAINNET_USDC_MINT])('read our Solana receive code for %s back', (address) => {
    expect(parseQrPayload(receiveQrPayload('solana_devnet', address))).toEqual({
      ok: true,
      kind: 'recipient',
      address,
      scheme: 'solana',
      network: 'solana_devnet',
    });
  });

  it('read every receive code of every asset back to its recipient, network and asset', () => {
    const assets = fc.constantFrom(...NETWORK_IDS.flatMap((network) => listAssets(network).map((asset) => [network, asset] as const)));
    fc.assert(
      fc.property(assets, evmAddresses, solanaAddresses, ([network, asset], evm, solana) => {
        const address = network === 'solana_devnet' ? solana : evm;
        const parsed = parseQrPayload(receiveUri(network, address, asset.symbol));
        expect(parsed).toMatchObject({ ok: true, kind: 'recipient', address, network });
        if (asset.kind === 'token') expect(parsed).toMatchObject({ asset: asset.symbol, tokenAddress: asset.address });
        else expect(parsed).not.toHaveProperty('asset');
        expect(parsed).not.toHaveProperty('amountUnits');
      }),
    );
  });
});

describe('parseQrPayload: the standards\' example vectors', () => {
  it('EIP-681 ether request: 2.014 ETH, the address as written (its mixed case fails EIP-55, so the form will refuse it)', () => {
    const parsed = parseQrPayload('ethereum:0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359?value=2.014e18');
    expect(parsed).toEqual({
      ok: true,
      kind: 'recipient',
      address: '0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359',
      scheme: 'ethereum',
      amountUnits: 2_014_000_000_000_000_000n,
      amount: '2.014',
    });
    expect(isEvmAddress('0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359')).toBe(false);
  });

  it('EIP-681 ERC-20 request: the Unicorn token is none of ours, and is refused by name', () => {
    expect(
      parseQrPayload('ethereum:0x89205a3a3b2a69de6dbf7f01ed13b2108b2c43e7/transfer?address=0x8e23ee67d1332ad560396262c48ffbb01f93d052&uint256=1'),
    ).toEqual({ ok: false, message: QR_CODE_MESSAGES.unknownToken });
    // The same request for a token we hold: the recipient is the address parameter, the amount in its smallest unit.
    expect(parseQrPayload(`ethereum:${SEPOLIA_USDC.toLowerCase()}/transfer?address=0x8e23ee67d1332ad560396262c48ffbb01f93d052&uint256=1`)).toEqual({
      ok: true,
      kind: 'recipient',
      address: '0x8e23ee67d1332ad560396262c48ffbb01f93d052',
      scheme: 'ethereum',
      network: 'eth_sepolia',
      asset: 'USDC',
      tokenAddress: SEPOLIA_USDC,
      amountUnits: 1n,
      amount: '0.000001',
    });
  });

  it('Solana Pay 1 SOL: amount in SOL, label, message and memo decoded', () => {
    expect(
      parseQrPayload(`solana:${MVINES}?amount=1&label=Michael&message=Thanks%20for%20all%20the%20fish&memo=OrderId12345`),
    ).toEqual({
      ok: true,
      kind: 'recipient',
      address: MVINES,
      scheme: 'solana',
      network: 'solana_devnet',
      amountUnits: 1_000_000_000n,
      amount: '1',
      label: 'Michael',
      message: 'Thanks for all the fish',
      memo: 'OrderId12345',
    });
  });

  it('Solana Pay 0.01 USDC: the mainnet mint is not the Devnet USDC FinCrypt holds; with the Devnet mint it is', () => {
    expect(parseQrPayload(`solana:${MVINES}?amount=0.01&spl-token=${MAINNET_USDC_MINT}`)).toEqual({ ok: false, message: QR_CODE_MESSAGES.unknownToken });
    expect(parseQrPayload(`solana:${MVINES}?amount=0.01&spl-token=${DEVNET_USDC}`)).toEqual({
      ok: true,
      kind: 'recipient',
      address: MVINES,
      scheme: 'solana',
      network: 'solana_devnet',
      asset: 'USDC',
      tokenAddress: DEVNET_USDC,
      amountUnits: 10_000n,
      amount: '0.01',
    });
  });

  it('Solana Pay without an amount: the recipient and label only', () => {
    expect(parseQrPayload(`solana:${MVINES}&label=Michael`)).toEqual({
      ok: true,
      kind: 'recipient',
      address: MVINES,
      scheme: 'solana',
      network: 'solana_devnet',
      label: 'Michael',
    });
  });

  it('Solana Pay transaction requests are named, not read', () => {
    expect(parseQrPayload('solana:https://example.com/solana-pay')).toEqual({ ok: false, message: QR_CODE_MESSAGES.transactionRequest });
  });
});

describe('parseQrPayload: codes FinCrypt writes and reads', () => {
  it('reads the chain id into the network, and pay-', () => {
    expect(parseQrPayload(`ethereum:pay-${EVM}@80002?gas=21000&value=1000`)).toEqual({
      ok: true,
      kind: 'recipient',
      address: EVM,
      scheme: 'ethereum',
      chainId: 80002,
      network: 'polygon_amoy',
      amountUnits: 1000n,
      amount: '0.000000000000001',
    });
  });

  it("reads FinCrypt's reference on EIP-681 and the first of Solana Pay's references", () => {
    expect(parseQrPayload(`ethereum:${EVM}@11155111?value=1e16&reference=0x${REFERENCE}`)).toMatchObject({ network: 'eth_sepolia', reference: REFERENCE });
    const other = 'ab'.repeat(32);
    expect(parseQrPayload(`solana:${MVINES}?reference=${referenceToBase58(REFERENCE)}&reference=${referenceToBase58(other)}`)).toMatchObject({
      reference: REFERENCE,
    });
  });

  it("reads the spec's polygon: prefix and Mumbai's chain id 80001 as Polygon Amoy, and says why", () => {
    const notice = 'Polygon Mumbai was retired in April 2024: this payment goes on Polygon Amoy';
    expect(parseQrPayload(`polygon:${EVM}`)).toEqual({ ok: true, kind: 'recipient', address: EVM, scheme: 'polygon', network: 'polygon_amoy', notice });
    expect(parseQrPayload(`polygon:${AMOY_USDC}/transfer?address=${EVM}`)).toMatchObject({ network: 'polygon_amoy', asset: 'USDC', notice });
    expect(parseQrPayload(`ethereum:${EVM}@80001?value=1e18`)).toMatchObject({ network: 'polygon_amoy', chainId: 80001, amount: '1', notice });
    // Circle's Mumbai USDC, in a code FinCrypt made before Amoy, is Amoy's USDC.
    expect(parseQrPayload(`ethereum:0x9999f7Fea5938fD3b1E26A12c3f2fb024e194f97@80001/transfer?address=${EVM}&uint256=5e6`)).toMatchObject({
      network: 'polygon_amoy',
      asset: 'USDC',
      tokenAddress: AMOY_USDC,
      amount: '5',
      notice,
    });
    expect(parseQrPayload(`ethereum:${EVM}@80002`)).not.toHaveProperty('notice');
    expect(parseQrPayload(`ethereum:${EVM}`)).toEqual({ ok: true, kind: 'recipient', address: EVM, scheme: 'ethereum' });
  });

  it('finds the network from the token when the link names no chain', () => {
    expect(parseQrPayload(`ethereum:${AMOY_USDC}/transfer?address=${EVM}`)).toMatchObject({ network: 'polygon_amoy', asset: 'USDC' });
  });

  it('accepts the scheme in any case, and surrounding spaces', () => {
    expect(parseQrPayload(`  ETHEREUM:${EVM}\n`)).toMatchObject({ ok: true, address: EVM, scheme: 'ethereum' });
  });

  it('accepts a bare address', () => {
    expect(parseQrPayload(EVM)).toEqual({ ok: true, kind: 'recipient', address: EVM });
    expect(parseQrPayload(SYSTEM_PROGRAM)).toEqual({ ok: true, kind: 'recipient', address: SYSTEM_PROGRAM, network: 'solana_devnet' });
  });

  it('reads /pay/ links, relative or absolute on the app\'s origin', () => {
    const link = { ok: true, kind: 'pay-link', requestId: REQUEST_ID };
    expect(parseQrPayload(`/pay/${REQUEST_ID}`)).toEqual(link);
    expect(parseQrPayload(`https://fincrypt.example/pay/${REQUEST_ID}`, { origin: 'https://fincrypt.example' })).toEqual(link);
    expect(parseQrPayload(`http://127.0.0.1:4322/pay/${REQUEST_ID}/`, { origin: 'http://127.0.0.1:4322/' })).toEqual(link);
    expect(parseQrPayload(`https://evil.example/pay/${REQUEST_ID}`, { origin: 'https://fincrypt.example' })).toEqual({
      ok: false,
      message: QR_CODE_MESSAGES.otherSite('evil.example'),
    });
    expect(parseQrPayload('/pay/short')).toEqual(invalid);
    expect(parseQrPayload('https://example.com/not-an-address')).toEqual(invalid);
  });

  it('falls back to the last rule of docs/product.md#qr-codes for text that is no URI: the first run of 42+ letters and digits', () => {
    const run = 'A'.repeat(42);
    expect(parseQrPayload(`pay me at ${run} please`)).toEqual({ ok: true, kind: 'recipient', address: run });
    expect(parseQrPayload(`Address: ${EVM}`)).toEqual({ ok: true, kind: 'recipient', address: EVM });
  });
});

describe('parseQrPayload: bad codes get a clear message and nothing else', () => {
  it.each([
    ['an unknown scheme', 'bitcoin:1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', QR_CODE_MESSAGES.unknownScheme('bitcoin')],
    ['an unknown chain id', `ethereum:${EVM}@1?value=1`, QR_CODE_MESSAGES.unknownChain(1)],
    ['an unknown chain id on a token', `ethereum:${SEPOLIA_USDC}@137/transfer?address=${EVM}`, QR_CODE_MESSAGES.unknownChain(137)],
    ['a value that is not whole wei', `ethereum:${EVM}@11155111?value=1.5`, QR_CODE_MESSAGES.tooManyDecimals('ETH', 18)],
    ['a uint256 that is not whole units', `ethereum:${SEPOLIA_USDC}@11155111/transfer?address=${EVM}&uint256=2.5`, QR_CODE_MESSAGES.tooManyDecimals('USDC', 6)],
    ['too many SOL decimals', `solana:${MVINES}?amount=0.0000000001`, QR_CODE_MESSAGES.tooManyDecimals('SOL', 9)],
    ['too many USDC decimals', `solana:${MVINES}?amount=1.0000001&spl-token=${DEVNET_USDC}`, QR_CODE_MESSAGES.tooManyDecimals('USDC', 6)],
    ['a negative value', `ethereum:${EVM}?value=-1`, QR_CODE_MESSAGES.negativeAmount],
    ['a negative Solana amount', `solana:${MVINES}?amount=-1`, QR_CODE_MESSAGES.negativeAmount],
    ['an absurd value', `ethereum:${EVM}@11155111?value=1e40`, QR_CODE_MESSAGES.tooLarge],
    ['an absurd Solana amount', `solana:${MVINES}?amount=${'9'.repeat(16)}`, QR_CODE_MESSAGES.tooLarge],
    ['a short EVM reference', `ethereum:${EVM}@11155111?reference=0x${'0f'.repeat(31)}`, QR_CODE_MESSAGES.invalidReference],
    ['a Solana reference of 31 bytes', `solana:${MVINES}?reference=${base58.encode(new Uint8Array(31).fill(7))}`, QR_CODE_MESSAGES.invalidReference],
    ['a reference that is no key', `solana:${MVINES}?reference=nope`, QR_CODE_MESSAGES.invalidReference],
    ['a duplicated value', `ethereum:${EVM}?value=1&value=2`, QR_CODE_MESSAGES.duplicated('value')],
    ['a duplicated amount', `solana:${MVINES}?amount=1&amount=2`, QR_CODE_MESSAGES.duplicated('amount')],
    ['a duplicated reference on EIP-681', `ethereum:${EVM}?reference=0x${REFERENCE}&reference=0x${REFERENCE}`, QR_CODE_MESSAGES.duplicated('reference')],
    ['a token FinCrypt does not hold', `ethereum:${EVM}@11155111/transfer?address=${EVM}`, QR_CODE_MESSAGES.unknownToken],
    ["another network's token for the chain named", `ethereum:${AMOY_USDC}@11155111/transfer?address=${EVM}`, QR_CODE_MESSAGES.unknownToken],
    ['a polygon: link to the Sepolia token', `polygon:${SEPOLIA_USDC}/transfer?address=${EVM}`, QR_CODE_MESSAGES.unknownToken],
    ['a Solana mint FinCrypt does not hold', `solana:${SOLANA_RECIPIENT}?spl-token=${MAINNET_USDC_MINT}`, QR_CODE_MESSAGES.unknownToken],
    ['too long an input', `ethereum:${EVM}?label=${'x'.repeat(MAX_QR_PAYLOAD_CHARS)}`, QR_CODE_MESSAGES.tooLong],
  ])('%s', (_case, text, message) => {
    expect(parseQrPayload(text)).toEqual({ ok: false, message });
  });

  it.each([
    ['another function', `ethereum:${SEPOLIA_USDC}@11155111/approve?address=${EVM}&uint256=1`],
    ['no recipient', `ethereum:${SEPOLIA_USDC}@11155111/transfer?uint256=1`],
    ['a recipient that is no address', `ethereum:${SEPOLIA_USDC}@11155111/transfer?address=0x1234`],
    ['a polygon: link to the Sepolia chain', `polygon:${EVM}@11155111`],
    ['an ENS name', 'ethereum:alice.eth?value=1'],
    ['scientific notation in Solana Pay', `solana:${MVINES}?amount=1e3`],
    ['a mint that is no address', `solana:${SOLANA_RECIPIENT}?spl-token=nope`],
    ['a short address', 'ethereum:0x1234'],
    ['a Solana address with a character missing', `solana:${SYSTEM_PROGRAM.slice(1)}`],
    ['a known scheme with text that is no address', `polygon:${'A'.repeat(42)}`],
    ['empty text', ''],
    ['white space', '   '],
    ['words', 'hello world'],
    ['a run of 41', 'A'.repeat(41)],
  ])("keeps 'Invalid QR code format' for anything else malformed: %s", (_case, text) => {
    expect(INVALID_QR_MESSAGE).toBe('Invalid QR code format');
    expect(parseQrPayload(text)).toEqual(invalid);
  });

  it('takes the largest sane amount and refuses one unit more', () => {
    const largest = MAX_CODE_WHOLE_UNITS * unitsPerCoin(6);
    expect(parseQrPayload(`ethereum:${SEPOLIA_USDC}@11155111/transfer?address=${EVM}&uint256=${largest}`)).toMatchObject({ amountUnits: largest });
    expect(parseQrPayload(`ethereum:${SEPOLIA_USDC}@11155111/transfer?address=${EVM}&uint256=${largest + 1n}`)).toEqual({
      ok: false,
      message: QR_CODE_MESSAGES.tooLarge,
    });
  });
});

describe('parseQrPayload reads back what encodePaymentRequestUri writes', () => {
  const assets = fc.constantFrom(...NETWORK_IDS.flatMap((network) => listAssets(network).map((asset) => [network, asset] as const)));
  // Any text a requester may write, up to the limits of a request: every code point, escapes included.
  const texts = (maxLength: number) => fc.option(fc.string({ unit: 'grapheme', minLength: 1, maxLength }), { nil: undefined });

  it('gives back the network, recipient, asset, amount, reference, and on Solana the name and note', () => {
    fc.assert(
      fc.property(
        assets,
        evmAddresses,
        solanaAddresses,
        fc.option(fc.bigInt({ min: 0n, max: MAX_CODE_WHOLE_UNITS * 10n ** 18n }), { nil: undefined }),
        fc.option(references, { nil: undefined }),
        texts(PAYMENT_REQUEST_LIMITS.displayNameChars),
        texts(PAYMENT_REQUEST_LIMITS.noteChars),
        ([network, asset], evm, solana, amount, reference, label, message) => {
          const address = network === 'solana_devnet' ? solana : evm;
          const amountUnits = amount === undefined ? undefined : amount % (MAX_CODE_WHOLE_UNITS * unitsPerCoin(asset.decimals) + 1n);
          // The limits count UTF-16 units, as the request's schema does.
          fc.pre(label === undefined || label.length <= PAYMENT_REQUEST_LIMITS.displayNameChars);
          fc.pre(message === undefined || message.length <= PAYMENT_REQUEST_LIMITS.noteChars);
          const uri = encodePaymentRequestUri({ network, address, asset: asset.symbol, amountUnits, reference, label, message });
          const parsed = parseQrPayload(uri);
          const expected: Record<string, unknown> = { ok: true, kind: 'recipient', address, network };
          if (asset.kind === 'token') expected.asset = asset.symbol;
          if (amountUnits !== undefined) Object.assign(expected, { amountUnits, amount: formatAmountTrimmed(amountUnits, asset.decimals) });
          if (reference !== undefined) expected.reference = reference;
          if (network === 'solana_devnet') {
            if (label) expected.label = label;
            if (message) expected.message = message;
          }
          expect(parsed).toMatchObject(expected);
          if (asset.kind === 'native') expect(parsed).not.toHaveProperty('asset');
          if (amountUnits === undefined) expect(parsed).not.toHaveProperty('amountUnits');
        },
      ),
      { numRuns: 300 },
    );
  });
});
