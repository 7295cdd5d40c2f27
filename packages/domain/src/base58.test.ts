import { base58 } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase58 } from './base58.ts';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** @scure/base's answer, with its throw as undefined. */
function scureDecode(text: string): Uint8Array | undefined {
  try {
    return base58.decode(text);
  } catch {
    return undefined;
  }
}

describe('decodeBase58', () => {
  it('reads known keys and leading zero bytes', () => {
    expect(decodeBase58('11111111111111111111111111111111')).toEqual(new Uint8Array(32));
    expect(decodeBase58('')).toEqual(new Uint8Array(0));
    expect(decodeBase58('1112')).toEqual(Uint8Array.from([0, 0, 0, 1]));
    expect(decodeBase58('z')).toEqual(Uint8Array.from([57]));
    expect(decodeBase58('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toEqual(base58.decode('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'));
  });

  it('refuses characters outside the alphabet', () => {
    for (const text of ['0', 'O', 'I', 'l', '1 1', '+', 'é', '😀']) expect(decodeBase58(text)).toBeUndefined();
  });

  it('reads back what @scure/base writes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
      expect(decodeBase58(base58.encode(bytes))).toEqual(bytes);
    }));
  });

  it('gives @scure/base’s answer for any text', () => {
    const texts = fc.string({ unit: fc.constantFrom(...ALPHABET, '0', 'O', 'I', 'l', ' '), maxLength: 50 });
    fc.assert(fc.property(texts, (text) => {
      expect(decodeBase58(text)).toEqual(scureDecode(text));
    }));
  });
});
