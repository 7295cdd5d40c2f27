import { expect, it } from 'vitest';
import { PRIVATE_NETWORK_PROXIES, readTrustProxy } from '../config.ts';
import { type TestUser, call, cookiesFrom, uniqueEmail } from '../test/auth-client.ts';
import { useTestApp } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';

/**
 * Sign-up, 2FA and password-confirmation limits (sign-in: modules/auth/auth.test.ts; sends:
 * modules/transactions/send.test.ts; contact: modules/contact/contact.test.ts). The app sits behind a load
 * balancer on loopback here (TRUST_PROXY=true), so each test is one client address of its own, taken from
 * the address the balancer appends to X-Forwarded-For.
 */
describeEachDatabase('rate limits behind a load balancer', (kind) => {
  const LIMIT = 3;
  const ctx = useTestApp(kind, {
    rateLimits: { signUpPerIp: LIMIT, twoFactorPerIp: LIMIT, signInFailuresPerAccount: LIMIT },
    config: { trustProxy: readTrustProxy('true') },
  });
  let clientNumber = 0;
  /** A new client address; what the client itself wrote into X-Forwarded-For comes first and must not count. */
  const newClient = () => {
    clientNumber += 1;
    const address = `198.51.100.${clientNumber}`;
    return (spoofed = `203.0.113.${Math.floor(Math.random() * 250)}`) => ({ 'x-forwarded-for': `${spoofed}, ${address}` });
  };
  const post = (url: string, headers: Record<string, string>, body: unknown, cookie?: string) => call(ctx.app, 'POST', url, { body, headers, cookie });

  /** A user signed up from an address of their own, so sign-ups do not eat into the tests' limits. */
  const signUp = async (): Promise<TestUser> => {
    const account = { name: 'Limited', email: uniqueEmail(), password: 'correct-horse-1' };
    const response = await post('/api/auth/sign-up/email', newClient()(), account);
    expect(response.statusCode).toBe(200);
    return { ...account, id: response.json().user.id, cookie: cookiesFrom(response) };
  };

  const expectTooMany = (response: Awaited<ReturnType<typeof post>>, what: RegExp) => {
    expect(response.statusCode).toBe(429);
    expect(response.json().error.code).toBe('RATE_LIMITED');
    expect(response.json().error.message).toMatch(what);
  };

  it('reads TRUST_PROXY=true as "proxies on a private address", never as "everyone"', () => {
    expect(readTrustProxy(undefined)).toBe(false);
    expect(readTrustProxy('false')).toBe(false);
    expect(readTrustProxy('true')).toBe(PRIVATE_NETWORK_PROXIES);
    expect(readTrustProxy(' 10.0.0.0/8, 192.168.1.4 ')).toBe('10.0.0.0/8, 192.168.1.4');
  });

  it('limits sign-ups per client address, whatever the client writes into X-Forwarded-For', async () => {
    const client = newClient();
    const statuses: number[] = [];
    let last;
    for (let attempt = 0; attempt <= LIMIT; attempt += 1) {
      last = await post('/api/auth/sign-up/email', client(), { name: 'Many', email: uniqueEmail(), password: 'correct-horse-1' });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expectTooMany(last!, /^Too many sign-up attempts\. Please wait \d+ minutes? and try again\.$/);
    // Another address is not affected.
    const other = await post('/api/auth/sign-up/email', newClient()(), { name: 'Other', email: uniqueEmail(), password: 'correct-horse-1' });
    expect(other.statusCode).toBe(200);
  });

  it('limits 2FA code attempts per client address, for TOTP and backup codes together', async () => {
    const client = newClient();
    const user = await signUp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      const url = attempt % 2 === 0 ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code';
      statuses.push((await post(url, client(), { code: attempt % 2 === 0 ? '000000' : 'abcde-12345' }, user.cookie)).statusCode);
    }
    expect(statuses.every((status) => status !== 429 && status >= 400)).toBe(true);
    expectTooMany(await post('/api/auth/two-factor/verify-totp', client(), { code: '000000' }, user.cookie), /^Too many code attempts\. Please wait \d+ minutes? and try again\.$/);
  });

  it('limits the password confirmations that turn 2FA on and off', async () => {
    const client = newClient();
    const user = await signUp();
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      expect((await post('/api/auth/two-factor/enable', client(), { password: 'wrong-password' }, user.cookie)).statusCode).toBe(400);
    }
    // Even the right password waits now.
    const locked = await post('/api/auth/two-factor/enable', client(), { password: user.password }, user.cookie);
    expectTooMany(locked, /^Too many two-factor attempts\. Please wait \d+ minutes? and try again\.$/);
  });

  it("makes a user's password change wait after repeated wrong current passwords from one address, and no one else's", async () => {
    const change = (user: TestUser, client: ReturnType<typeof newClient>, currentPassword: string) =>
      post('/api/account/password', client(), { currentPassword, newPassword: 'another-horse-2' }, user.cookie);
    const user = await signUp();
    const client = newClient();
    // The address counted is the one the balancer saw, whatever the client writes into X-Forwarded-For.
    for (let attempt = 0; attempt < LIMIT; attempt += 1) expect((await change(user, client, 'wrong-password')).statusCode).toBe(400);
    const locked = await change(user, client, user.password);
    expectTooMany(locked, /^Too many wrong passwords\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The same counting as sign-in (decision 005): another address of the user's is not kept waiting.
    expect((await change(user, newClient(), user.password)).statusCode).toBe(200);
    const other = await signUp();
    expect((await change(other, client, other.password)).statusCode).toBe(200);
  });
});
