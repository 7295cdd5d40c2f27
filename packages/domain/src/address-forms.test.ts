import { describe, expect, it } from 'vitest';
import { differingCharacters } from './address-forms.ts';

describe('differingCharacters', () => {
  it('marks the characters that differ at the same place, ignoring an EVM checksum case', () => {
    const known = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
    const lookalike = '0x71C7000EC7ab88b098defB751B7401B5f6d8976F';
    expect(differingCharacters(lookalike, known).flatMap((differs, index) => (differs ? [index] : []))).toEqual([6, 7, 8]);
    expect(differingCharacters(known.toLowerCase(), known).some(Boolean)).toBe(false);
    expect(differingCharacters('abcd', 'abc')).toEqual([false, false, false, true]);
  });
});
