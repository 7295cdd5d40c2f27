import { describe, expect, it } from 'vitest';
import { secretFromOtpauthUri, totpCode } from './totp.ts';

// RFC 6238, appendix B: the SHA-1 seed "12345678901234567890" (base32 below); the last six of its eight digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('totpCode', () => {
  it.each([
    [59, '287082'],
    [1_111_111_109, '081804'],
    [1_234_567_890, '005924'],
    [2_000_000_000, '279037'],
  ])('matches RFC 6238 at %i s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code);
  });

  it('accepts lower case and missing or present padding alike', () => {
    expect(totpCode(RFC_SECRET.toLowerCase(), 59_000)).toBe('287082');
    expect(totpCode('GEZDGNBVGY', 59_000)).toBe(totpCode('GEZDGNBVGY======', 59_000));
  });
});

describe('secretFromOtpauthUri', () => {
  it('reads the secret parameter', () => {
    expect(secretFromOtpauthUri(`otpauth://totp/FinCrypt:ada%40example.com?secret=${RFC_SECRET}&issuer=FinCrypt`)).toBe(RFC_SECRET);
  });

  it('refuses a URI without one', () => {
    expect(() => secretFromOtpauthUri('otpauth://totp/FinCrypt:ada?issuer=FinCrypt')).toThrow(/no secret/);
  });
});
