import { describe, expect, it } from 'vitest';
import { trigramProbes } from './repo.ts';

describe('trigramProbes', () => {
  it("asks for a search's first, middle and last trigram, in lower case", () => {
    expect(trigramProbes('8A78a76a67BE')).toEqual(['8a7', 'a76', '7be']);
    expect(trigramProbes('0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE')).toEqual(['0x3', '71d', '0be']);
  });

  it('asks for every trigram of a search that has three or fewer, once each', () => {
    expect(trigramProbes('abc')).toEqual(['abc']);
    expect(trigramProbes('abcd')).toEqual(['abc', 'bcd']);
    expect(trigramProbes('abcde')).toEqual(['abc', 'bcd', 'cde']);
    expect(trigramProbes('aaaaaa')).toEqual(['aaa']);
  });

  it('takes trigrams within runs of letters and digits only, as the index keeps them', () => {
    expect(trigramProbes('ab cd')).toEqual([]);
    expect(trigramProbes('abc def')).toEqual(['abc', 'def']);
    expect(trigramProbes('%_ab\\cde')).toEqual(['cde']);
  });

  it('gives only pieces of the search, so every row that holds the search holds them all', () => {
    for (const search of ['9f3e1a7c0b2d', 'So1anaBase58xyz', 'x1y2z3 a4b5c6', '0xdeadBEEF']) {
      for (const probe of trigramProbes(search)) expect(search.toLowerCase()).toContain(probe);
    }
  });
});
