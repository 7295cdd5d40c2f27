import { isValidAddress, NETWORK_IDS } from '@fincrypt/domain';
import { describe, expect, it } from 'vitest';
import { externalAddress, mapLimit, newAccount } from './users.ts';

describe('externalAddress', () => {
  it.each(NETWORK_IDS)('is a valid, fresh address on %s', (network) => {
    const address = externalAddress(network);
    expect(isValidAddress(network, address)).toBe(true);
    expect(externalAddress(network)).not.toBe(address);
  });
});

describe('newAccount', () => {
  it('is unique per call and carries the prefix', () => {
    const a = newAccount('send');
    const b = newAccount('send');
    expect(a.email).toMatch(/^send-[0-9a-f]{10}@example\.com$/);
    expect(b.email).not.toBe(a.email);
  });
});

describe('mapLimit', () => {
  it('keeps input order and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapLimit([5, 1, 4, 2, 3], 2, async (value, index) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, value));
      running -= 1;
      return `${index}:${value}`;
    });
    expect(results).toEqual(['0:5', '1:1', '2:4', '3:2', '4:3']);
    expect(most).toBe(2);
  });
});
