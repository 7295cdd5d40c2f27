import { describe, expect, it } from 'vitest';
import { returnPathOf } from './require-auth.tsx';

describe('returnPathOf', () => {
  it('returns to the page the visitor was going to (a pay link, a signed-in page)', () => {
    expect(returnPathOf({ from: '/pay/abcdefghijklmnopqrstuv' })).toBe('/pay/abcdefghijklmnopqrstuv');
    expect(returnPathOf({ from: '/transactions?type=send' })).toBe('/transactions?type=send');
  });

  it('goes to the dashboard otherwise, and never to another site', () => {
    expect(returnPathOf(undefined)).toBe('/dashboard');
    expect(returnPathOf({ from: 42 })).toBe('/dashboard');
    expect(returnPathOf({ from: 'https://evil.example/' })).toBe('/dashboard');
    expect(returnPathOf({ from: '//evil.example/' })).toBe('/dashboard');
    expect(returnPathOf({ from: '/\\evil.example/' })).toBe('/dashboard');
  });
});
