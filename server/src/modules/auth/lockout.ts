import { isIPv4, isIPv6 } from 'node:net';
import { API_ERRORS } from '@fincrypt/domain';
import { rateLimited } from '../../errors.ts';
import { type RateLimitRule, type RateLimiter, describeWait } from '../../lib/rate-limiter.ts';

/**
 * How wrong passwords (and wrong confirmation codes) against one account are bounded
 * (docs/decisions/005-sign-in-lockout.md): per (account, client address), a few free failures and then growing
 * waits; per account, from every address together, a hard bound. A stranger can make the owner wait only by
 * reaching the hard bound, which takes many addresses; an address that has not failed is never kept waiting below it.
 */
export interface LockoutRules {
  /** Failures one address may make against one account before it has to wait. */
  freeFailuresPerAddress: number;
  /** The wait after the first failure beyond the free ones; it doubles with each further failure... */
  firstWaitMs: number;
  /** ...up to this. */
  maxWaitMs: number;
  /** An address's failures are forgotten this long after its first one (or at once after a success from it). */
  addressMemoryMs: number;
  /** Failures against one account from all addresses together (OWASP ASVS: at most 100 an hour). */
  perAccount: RateLimitRule;
}

export const LOCKOUT_WAITS = { firstWaitMs: 15 * 60_000, maxWaitMs: 24 * 60 * 60_000, addressMemoryMs: 24 * 60 * 60_000 } as const;

/** The lockout rules for the configured counts: `perAddress` free failures, `perAccountPerHour` in all. */
export function lockoutRules(perAddress: number, perAccountPerHour: number): LockoutRules {
  return { freeFailuresPerAddress: perAddress, ...LOCKOUT_WAITS, perAccount: { limit: perAccountPerHour, windowMs: 60 * 60_000 } };
}

/** How long an address must wait after its `failures`-th failure against an account. */
export function waitAfterFailures(failures: number, rules: LockoutRules): number {
  if (failures < rules.freeFailuresPerAddress) return 0;
  const doublings = Math.min(failures - rules.freeFailuresPerAddress, 30);
  return Math.min(rules.maxWaitMs, rules.firstWaitMs * 2 ** doublings);
}

/** Expands an IPv6 address to its eight 16-bit groups (an IPv4 tail counts as two). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!isIPv4(group)) return [group.padStart(4, '0')];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [((a << 8) | b).toString(16).padStart(4, '0'), ((c << 8) | d).toString(16).padStart(4, '0')];
        });
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0000'), ...right];
}

/**
 * The client a failure is charged to: an IPv4 address, or an IPv6 /64 (one subscriber's network: a single
 * host can use any address in it, so counting per address would give it 2^64 fresh starts).
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  return `${ipv6Groups(ip.toLowerCase().split('%')[0] ?? ip).slice(0, 4).join(':')}::/64`;
}

/** What the caller reports once an attempt it was allowed to make is decided. */
export interface LockoutAttempt {
  /** The password (or code) was wrong: counts against the address and the account. */
  failed(): Promise<void>;
  /** It was right: the address starts afresh, and the reserved account failure is taken back. */
  succeeded(): Promise<void>;
  /** Nothing was decided (an unrelated error): the reserved account failure is taken back. */
  abandoned(): Promise<void>;
}

/**
 * Counters in the shared rate-limit table, keyed `{scope}:…` with the subject URL-encoded:
 * - `{scope}:address-failures:{subject}:{address}`: failures of one address (window `addressMemoryMs` from the first);
 * - `{scope}:last-failure:{subject}:{address}`: when it last failed (a window of 0, so every failure restarts it);
 * - `{scope}:account-failures:{subject}`: failures from everywhere, reserved before each attempt so that
 *   concurrent attempts cannot pass the bound together;
 * - `{scope}:device-failures:{subject}:{device}` and `{scope}:device-last-failure:…`: a known device's own.
 * `what` names the attempts in the 429's message ("sign-in attempts for this account", "wrong passwords").
 */
export function createLockout(limiter: RateLimiter, rules: LockoutRules, scope: string, what: string) {
  const memory: RateLimitRule = { limit: Number.MAX_SAFE_INTEGER, windowMs: rules.addressMemoryMs };
  const lastFailureMark: RateLimitRule = { limit: 1, windowMs: 0 };
  const locked = (retryAfterMs: number) => rateLimited(API_ERRORS.RATE_LIMITED.messages.tooMany(what, describeWait(retryAfterMs)), retryAfterMs);

  /** Throws a 429 while the failures counted under `failuresKey` (last one at `lastFailureKey`) make the client wait. */
  async function waitOut(failuresKey: string, lastFailureKey: string): Promise<void> {
    const { hits: failures } = await limiter.peek(failuresKey, memory);
    const wait = waitAfterFailures(failures, rules);
    if (wait === 0) return;
    const lastFailure = await limiter.peek(lastFailureKey, { limit: 1, windowMs: wait });
    if (!lastFailure.isAllowed) throw locked(lastFailure.retryAfterMs);
  }

  /** Failures counted under one client's keys, forgotten after a success from it. */
  const clientAttempt = (failuresKey: string, lastFailureKey: string, onEnd: () => Promise<void>): LockoutAttempt => ({
    async failed() {
      await limiter.hit(failuresKey, memory);
      await limiter.hit(lastFailureKey, lastFailureMark);
    },
    async succeeded() {
      await onEnd();
      await limiter.reset(failuresKey);
      await limiter.reset(lastFailureKey);
    },
    abandoned: onEnd,
  });

  return {
    /**
     * Throws a 429 when this address (or everyone) must wait; otherwise reserves the attempt. A `device` (a browser
     * that signed in to this account before: device-cookie.ts) is counted on its own, with the same growing waits,
     * and outside the account's hourly bound: a stranger who reaches that bound does not lock it out.
     */
    async begin(subject: string, ip: string, device?: string): Promise<LockoutAttempt> {
      // Encoded, so that no subject (an email is whatever the client typed) can name another one's counter.
      const account = encodeURIComponent(subject);
      if (device !== undefined) {
        const deviceKey = `${scope}:device-failures:${account}:${device}`;
        const lastDeviceFailureKey = `${scope}:device-last-failure:${account}:${device}`;
        await waitOut(deviceKey, lastDeviceFailureKey);
        return clientAttempt(deviceKey, lastDeviceFailureKey, async () => {});
      }
      const address = clientAddressKey(ip);
      const addressKey = `${scope}:address-failures:${account}:${address}`;
      const lastFailureKey = `${scope}:last-failure:${account}:${address}`;
      const accountKey = `${scope}:account-failures:${account}`;
      await waitOut(addressKey, lastFailureKey);
      const everyone = await limiter.hit(accountKey, rules.perAccount);
      if (!everyone.isAllowed) {
        await limiter.release(accountKey);
        throw locked(everyone.retryAfterMs);
      }
      // The reserved account failure is taken back unless the password was wrong.
      return clientAttempt(addressKey, lastFailureKey, () => limiter.release(accountKey));
    },
  };
}

export type Lockout = ReturnType<typeof createLockout>;

/**
 * Wrong current passwords (and confirmation codes) of a signed-in user: a password change, a new email, 2FA
 * on or off. The same rules as sign-in, counted per (user, address) and per user.
 */
export const passwordLockout = (limiter: RateLimiter, rules: LockoutRules) => createLockout(limiter, rules, 'password', 'wrong passwords');
