import { describe, expect, it } from 'vitest';
import { addressKey, looksLikeButDiffers, sameAddress, shortenAddress } from './address-forms.ts';
import {
  INVALID_RECIPIENT_MESSAGE,
  isEvmAddress,
  isSolanaAddress,
  isValidAddress,
  toChecksumAddress,
  validateRecipient,
} from './addresses.ts';
import { seededRandom } from './seeded-random.ts';

const flipCase = (c: string) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase());

/** Test vectors from EIP-55 itself. */
const EIP55_MIXED_CASE = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];
const EIP55_ALL_CAPS = ['0x52908400098527886E0F7030069857D2E4169EE7', '0x8617E340B3D01FA5F11F306F4090FD50E238070D'];
const EIP55_ALL_LOWER = ['0xde709f2102306220921060314715629080e2fb77', '0x27b1fdb04752bbc536007a920d24acb045561c26'];

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const WRAPPED_SOL = 'So11111111111111111111111111111111111111112';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/** Flips the case of the first letter in the hex part, which breaks an EIP-55 checksum. */
function flipFirstLetter(address: string): string {
  const index = address.slice(2).search(/[a-fA-F]/) + 2;
  const char = address[index]!;
  const flipped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
  return address.slice(0, index) + flipped + address.slice(index + 1);
}

describe('EVM addresses', () => {
  it.each([...EIP55_MIXED_CASE, ...EIP55_ALL_CAPS, ...EIP55_ALL_LOWER])('checksums %s as EIP-55 does', (address) => {
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    expect(toChecksumAddress(`0x${address.slice(2).toUpperCase()}`)).toBe(address);
    expect(isEvmAddress(address)).toBe(true);
  });

  it('accepts addresses written all in one case', () => {
    for (const address of EIP55_MIXED_CASE) {
      expect(isEvmAddress(address.toLowerCase())).toBe(true);
      expect(isEvmAddress(`0x${address.slice(2).toUpperCase()}`)).toBe(true);
    }
  });

  it('refuses mixed case that does not match the checksum', () => {
    for (const address of EIP55_MIXED_CASE) {
      expect(isEvmAddress(flipFirstLetter(address))).toBe(false);
    }
  });

  it('gives the same checksum when asked again, in any case, also after more addresses than it keeps', () => {
    const vectors = [...EIP55_MIXED_CASE, ...EIP55_ALL_CAPS, ...EIP55_ALL_LOWER];
    const random = seededRandom(7);
    const others = Array.from({ length: 1500 }, () => `0x${Array.from({ length: 40 }, () => Math.floor(random() * 16).toString(16)).join('')}`);
    const first = others.map((address) => toChecksumAddress(address));
    for (const address of vectors) expect(toChecksumAddress(flipFirstLetter(address))).toBe(address);
    expect(others.map((address) => toChecksumAddress(address.toUpperCase().replace('0X', '0x')))).toEqual(first);
    for (const address of vectors) expect(toChecksumAddress(address.toLowerCase())).toBe(address);
  });

  it('refuses the wrong length, prefix or characters', () => {
    const good = EIP55_MIXED_CASE[0]!;
    expect(isEvmAddress(good.slice(0, -1))).toBe(false);
    expect(isEvmAddress(`${good}a`)).toBe(false);
    expect(isEvmAddress(good.slice(2))).toBe(false);
    expect(isEvmAddress(`0X${good.slice(2)}`)).toBe(false);
    expect(isEvmAddress(`0x${'g'.repeat(40)}`)).toBe(false);
    expect(() => toChecksumAddress('0x1234')).toThrow(TypeError);
  });
});

describe('Solana addresses', () => {
  it.each([SYSTEM_PROGRAM, WRAPPED_SOL, TOKEN_PROGRAM, USDC_MINT])('accepts %s (32 bytes)', (address) => {
    expect(isSolanaAddress(address)).toBe(true);
  });

  it('refuses base58 that is not 32 bytes, and characters outside base58', () => {
    expect(isSolanaAddress(SYSTEM_PROGRAM.slice(1))).toBe(false);
    expect(isSolanaAddress('z'.repeat(44))).toBe(false);
    expect(isSolanaAddress(`${TOKEN_PROGRAM.slice(0, -1)}0`)).toBe(false);
    expect(isSolanaAddress(`${TOKEN_PROGRAM.slice(0, -1)}l`)).toBe(false);
    expect(isSolanaAddress(EIP55_MIXED_CASE[0]!)).toBe(false);
    expect(isSolanaAddress('')).toBe(false);
  });
});

describe('validateRecipient', () => {
  it('checks the address against the network and returns its canonical form', () => {
    const checksummed = EIP55_MIXED_CASE[1]!;
    expect(validateRecipient('eth_sepolia', ` ${checksummed.toLowerCase()} `)).toEqual({ ok: true, address: checksummed });
    expect(validateRecipient('polygon_amoy', checksummed)).toEqual({ ok: true, address: checksummed });
    expect(validateRecipient('solana_devnet', USDC_MINT)).toEqual({ ok: true, address: USDC_MINT });
  });

  it('refuses with the message of docs/product.md#sending', () => {
    const invalid = { ok: false, code: 'INVALID_RECIPIENT', message: 'Invalid recipient address' };
    expect(INVALID_RECIPIENT_MESSAGE).toBe('Invalid recipient address');
    expect(validateRecipient('eth_sepolia', USDC_MINT)).toEqual(invalid);
    expect(validateRecipient('solana_devnet', EIP55_MIXED_CASE[0]!)).toEqual(invalid);
    expect(validateRecipient('eth_sepolia', flipFirstLetter(EIP55_MIXED_CASE[0]!))).toEqual(invalid);
    // 42 characters: enough for a length-only rule (docs/product.md#choice-15), not a valid address.
    expect(validateRecipient('eth_sepolia', 'x'.repeat(42))).toEqual(invalid);
    expect(validateRecipient('eth_sepolia', '')).toEqual(invalid);
  });

  it('matches isValidAddress', () => {
    expect(isValidAddress('solana_devnet', SYSTEM_PROGRAM)).toBe(true);
    expect(isValidAddress('eth_sepolia', SYSTEM_PROGRAM)).toBe(false);
  });

  it('agrees with isValidAddress and toChecksumAddress on random letter cases of EVM addresses', () => {
    const random = seededRandom(55);
    const samples = [...EIP55_MIXED_CASE, ...EIP55_ALL_CAPS, ...EIP55_ALL_LOWER].flatMap((address) => [
      address,
      // Each letter's case flipped with probability 1/2, 1/20 or 1/200: mostly invalid, some all one case.
      ...[0.5, 0.05, 0.005].flatMap((p) =>
        Array.from({ length: 20 }, () => `0x${[...address.slice(2)].map((c) => (random() < p ? flipCase(c) : c)).join('')}`),
      ),
    ]);
    let valid = 0;
    for (const sample of samples) {
      const expected = isValidAddress('eth_sepolia', sample)
        ? { ok: true, address: toChecksumAddress(sample) }
        : { ok: false, code: 'INVALID_RECIPIENT', message: INVALID_RECIPIENT_MESSAGE };
      if (expected.ok) valid += 1;
      expect(validateRecipient('eth_sepolia', sample)).toEqual(expected);
    }
    expect(valid).toBeGreaterThan(samples.length / 10);
    expect(valid).toBeLessThan(samples.length);
  });
});

describe('comparing and shortening', () => {
  it('compares EVM addresses without case and base58 with case', () => {
    const address = EIP55_MIXED_CASE[2]!;
    expect(sameAddress(address, address.toLowerCase())).toBe(true);
    expect(addressKey(address)).toBe(address.toLowerCase());
    expect(sameAddress(TOKEN_PROGRAM, TOKEN_PROGRAM.toLowerCase())).toBe(false);
  });

  it('shows the first 6 and the last 4 characters', () => {
    expect(shortenAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('0x5aAe...eAed');
    expect(shortenAddress(USDC_MINT)).toBe('EPjFWd...Dt1v');
    expect(shortenAddress('0x1234')).toBe('0x1234');
  });
});

describe('looksLikeButDiffers', () => {
  const known = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  const evmLookalike = (head: string, tail: string) => `0x${head}${'0'.repeat(32)}${tail}`;

  it('finds the known address that a lookalike imitates', () => {
    const lookalike = evmLookalike('5aae', 'eaed');
    expect(isEvmAddress(lookalike)).toBe(true);
    expect(looksLikeButDiffers(lookalike, [EIP55_MIXED_CASE[1]!, known])).toBe(known);
    expect(looksLikeButDiffers('So11aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1112', [WRAPPED_SOL])).toBe(WRAPPED_SOL);
  });

  it('does not flag the same address, whatever its case', () => {
    expect(looksLikeButDiffers(known.toLowerCase(), [known])).toBeUndefined();
  });

  it('needs both the first and the last four characters to match', () => {
    expect(looksLikeButDiffers(evmLookalike('5AAE', 'EAED'), [known])).toBe(known);
    expect(looksLikeButDiffers(evmLookalike('5aaf', 'eaed'), [known])).toBeUndefined();
    expect(looksLikeButDiffers(evmLookalike('5aae', 'eaee'), [known])).toBeUndefined();
    expect(looksLikeButDiffers(evmLookalike('5aae', 'eaed'), [])).toBeUndefined();
  });

  it('compares base58 with case and never across address kinds', () => {
    expect(looksLikeButDiffers('so11aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1112', [WRAPPED_SOL])).toBeUndefined();
    expect(looksLikeButDiffers('0x5aae0000', ['5aae0000'])).toBeUndefined();
  });
});
