import { describe, expect, it } from 'vitest';
import { createSendAttempts, newIdempotencyKey } from './send-attempts.ts';

const request = { walletId: 'w-1', asset: 'USDC', to: '0xabc', amount: '1.5', speed: 'fast' as const, feeQuoteId: 'q-1' };

function counterKeys() {
  let next = 0;
  return () => `key-${(next += 1)}`;
}

describe('createSendAttempts', () => {
  it('gives every new send its own key', () => {
    const attempts = createSendAttempts(counterKeys());
    expect(attempts.next(request).idempotencyKey).toBe('key-1');
    attempts.settle();
    expect(attempts.next(request).idempotencyKey).toBe('key-2');
  });

  it('repeats the unanswered request, quote included, when the same send is tried again', () => {
    const attempts = createSendAttempts(counterKeys());
    const first = attempts.next(request);
    const retry = attempts.next({ ...request, to: ' 0xabc ', feeQuoteId: 'q-2' });
    expect(retry).toEqual(first);
    expect(retry.request.feeQuoteId).toBe('q-1');
  });

  it('starts a new request when the send itself changed', () => {
    const attempts = createSendAttempts(counterKeys());
    attempts.next(request);
    for (const change of [{ amount: '2' }, { to: '0xdef' }, { speed: 'slow' as const }, { walletId: 'w-2' }, { asset: 'ETH' }]) {
      expect(attempts.next({ ...request, ...change }).idempotencyKey).not.toBe('key-1');
    }
  });
});

describe('newIdempotencyKey', () => {
  it('makes keys the server accepts, different every time', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
  });
});
