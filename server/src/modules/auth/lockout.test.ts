import { describe, expect, it } from 'vitest';
import { clientAddressKey, lockoutRules, waitAfterFailures } from './lockout.ts';

describe('lockout rules', () => {
  const rules = lockoutRules(5, 100);
  const MINUTE = 60_000;

  it('lets the first failures through, then waits 15 minutes, doubling up to a day', () => {
    expect([0, 1, 2, 3, 4].map((failures) => waitAfterFailures(failures, rules))).toEqual([0, 0, 0, 0, 0]);
    expect([5, 6, 7, 8].map((failures) => waitAfterFailures(failures, rules) / MINUTE)).toEqual([15, 30, 60, 120]);
    expect(waitAfterFailures(12, rules)).toBe(24 * 60 * MINUTE);
    expect(waitAfterFailures(10_000, rules)).toBe(24 * 60 * MINUTE);
  });

  it('bounds failures per account at the configured count an hour', () => {
    expect(rules.perAccount).toEqual({ limit: 100, windowMs: 60 * MINUTE });
  });

  it('charges IPv4 clients per address and IPv6 clients per /64', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('2001:db8:1:2::a')).toBe('2001:0db8:0001:0002::/64');
    expect(clientAddressKey('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:0db8:0001:0002::/64');
    expect(clientAddressKey('2001:db8:1:3::1')).toBe('2001:0db8:0001:0003::/64');
    expect(clientAddressKey('::1')).toBe('0000:0000:0000:0000::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64');
    expect(clientAddressKey('64:ff9b::192.0.2.1')).toBe('0064:ff9b:0000:0000::/64');
  });
});
