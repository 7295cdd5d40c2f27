import { ACCOUNT_MESSAGES, DEMO_ACCOUNTS, DEMO_PASSWORD } from '@fincrypt/domain';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { call, cookiesFrom, signIn, signUp, uniqueEmail } from '../../test/auth-client.ts';
import { useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';
import { previousTotpCode, secretFromOtpauthUri, totpCode } from '@fincrypt/test-support';

describeEachDatabase('sign-up, sign-in and sessions', (kind) => {
  const ctx = useTestApp(kind, { shouldSeedDemoAccounts: true });

  it('signs up, sets an httpOnly session cookie and reads the session back', async () => {
    const user = await signUp(ctx.app, { name: 'Ada' });
    expect(user.cookie).toMatch(/fincrypt\.session_token=/);
    const session = await call(ctx.app, 'GET', '/api/auth/get-session', { cookie: user.cookie });
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ name: 'Ada', email: user.email });

    const signedUp = await signIn(ctx.app, user.email, user.password);
    const setCookie = String(signedUp.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it('reads no session without a cookie', async () => {
    const response = await call(ctx.app, 'GET', '/api/auth/get-session');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  it('validates sign-up bodies with the form messages', async () => {
    const cases: Array<[object, string]> = [
      [{ email: uniqueEmail(), password: 'long-enough' }, ACCOUNT_MESSAGES.nameRequired],
      [{ name: 'A', password: 'long-enough' }, ACCOUNT_MESSAGES.emailRequired],
      [{ name: 'A', email: 'not-an-email', password: 'long-enough' }, ACCOUNT_MESSAGES.emailInvalid],
      [{ name: 'A', email: uniqueEmail(), password: 'short' }, ACCOUNT_MESSAGES.passwordTooShort],
      [{ name: 'A', email: uniqueEmail(), password: 'x'.repeat(129) }, ACCOUNT_MESSAGES.passwordTooLong],
      // The simulated participants' domain, in any case: nobody signs up as one of them (and takes them over).
      [{ name: 'A', email: ' Amara-Lagos@Simulated.FinCrypt.invalid ', password: 'long-enough' }, ACCOUNT_MESSAGES.emailReserved],
    ];
    for (const [body, message] of cases) {
      const response = await call(ctx.app, 'POST', '/api/auth/sign-up/email', { body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message } });
    }
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const user = await signUp(ctx.app);
    const response = await call(ctx.app, 'POST', '/api/auth/sign-up/email', {
      body: { name: 'Other', email: user.email.toUpperCase(), password: 'another-pass' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(ACCOUNT_MESSAGES.emailTaken);
  });

  it('answers an unknown email and a wrong password identically', async () => {
    const user = await signUp(ctx.app);
    const wrongPassword = await signIn(ctx.app, user.email, 'wrong-password');
    const unknownEmail = await signIn(ctx.app, uniqueEmail('nobody'), 'wrong-password');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownEmail.body).toBe(wrongPassword.body);
    expect(wrongPassword.json()).toEqual({ error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } });
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
  });

  it('signs in with email in any case', async () => {
    const user = await signUp(ctx.app);
    const response = await signIn(ctx.app, user.email.toUpperCase(), user.password);
    expect(response.statusCode).toBe(200);
    expect(cookiesFrom(response)).toMatch(/fincrypt\.session_token=/);
  });

  it('seeds the three demo accounts, which sign in with the shared demo password', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const response = await signIn(ctx.app, account.email, DEMO_PASSWORD);
      expect(response.statusCode, account.email).toBe(200);
      expect(response.json().user.name).toBe(account.name);
    }
  });

  it("refuses to change a shared demo account's password, email or 2FA with 403, changes nothing, and lets its name change", async () => {
    const demo = DEMO_ACCOUNTS[2];
    const cookie = cookiesFrom(await signIn(ctx.app, demo.email, DEMO_PASSWORD));
    const refused = { error: { code: 'DEMO_ACCOUNT_SIGN_IN_FIXED', message: ACCOUNT_MESSAGES.demoSignInFixed } };
    const attempts = [
      call(ctx.app, 'POST', '/api/account/password', { cookie, body: { currentPassword: DEMO_PASSWORD, newPassword: 'hijacked-pass-1' } }),
      call(ctx.app, 'PATCH', '/api/account/profile', { cookie, body: { name: demo.name, email: uniqueEmail('hijack'), avatar: 'preset-1', currentPassword: DEMO_PASSWORD } }),
      call(ctx.app, 'POST', '/api/auth/two-factor/enable', { cookie, body: { password: DEMO_PASSWORD } }),
      call(ctx.app, 'POST', '/api/auth/two-factor/disable', { cookie, body: { password: DEMO_PASSWORD, code: '123456' } }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual(refused);
    }
    // The published sign-in still works, the session still stands, and 2FA is still off.
    expect((await signIn(ctx.app, demo.email, DEMO_PASSWORD)).statusCode).toBe(200);
    const account = await call(ctx.app, 'GET', '/api/account', { cookie });
    expect(account.json()).toMatchObject({ email: demo.email, twoFactorEnabled: false });
    // Everything else works as for anyone: a new name (same email) is saved.
    const renamed = await call(ctx.app, 'PATCH', '/api/account/profile', { cookie, body: { name: 'Demo Business Renamed', email: demo.email, avatar: 'preset-2' } });
    expect(renamed.statusCode).toBe(200);
    await call(ctx.app, 'PATCH', '/api/account/profile', { cookie, body: { name: demo.name, email: demo.email, avatar: 'preset-1' } });
  });

  it('ends the session on the server at sign-out', async () => {
    const user = await signUp(ctx.app);
    expect((await call(ctx.app, 'GET', '/api/account', { cookie: user.cookie })).statusCode).toBe(200);
    const signOut = await call(ctx.app, 'POST', '/api/auth/sign-out', { cookie: user.cookie, body: {} });
    expect(signOut.statusCode).toBe(200);
    // The old cookie, replayed, no longer works: the session is gone from the database.
    expect((await call(ctx.app, 'GET', '/api/account', { cookie: user.cookie })).statusCode).toBe(401);
    const session = await call(ctx.app, 'GET', '/api/auth/get-session', { cookie: user.cookie });
    expect(session.json()).toBeNull();
  });

  it('refuses a cookie-authenticated sign-out from a foreign origin', async () => {
    const user = await signUp(ctx.app);
    const response = await call(ctx.app, 'POST', '/api/auth/sign-out', {
      cookie: user.cookie,
      body: {},
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/account', { cookie: user.cookie })).statusCode).toBe(200);
  });

  it('exposes only the auth endpoints the app uses', async () => {
    for (const [method, url] of [
      ['POST', '/api/auth/update-user'],
      ['POST', '/api/auth/delete-user'],
      ['GET', '/api/auth/list-sessions'],
      ['POST', '/api/auth/change-email'],
    ] as const) {
      const response = await call(ctx.app, method, url, { body: method === 'POST' ? {} : undefined });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describeEachDatabase('sign-in lockout: per account and address, growing waits, a bound per account', (kind) => {
  const PER_ADDRESS = 3;
  const PER_ACCOUNT_PER_HOUR = 7;
  const ctx = useTestApp(kind, { rateLimits: { signInFailuresPerAccount: PER_ADDRESS, signInFailuresPerAccountPerHour: PER_ACCOUNT_PER_HOUR } });
  const STRANGER = '203.0.113.7';
  const OWNER = '198.51.100.20';
  const LOCKED_MESSAGE = /^Too many sign-in attempts for this account\. Please wait \d+ (minutes?|hours?) and try again\.$/;

  /** Moves the counters' clocks back, as if that much time had passed (no test waits for real). */
  const timePasses = async (keyPattern: string, interval: string) => {
    await ctx.database.db.execute(
      sql`update rate_limit_counters set window_started_at = window_started_at - ${interval}::interval where key like ${keyPattern}`,
    );
  };
  const retryAfter = (response: Awaited<ReturnType<typeof signIn>>) => Number(response.headers['retry-after']);
  const failTimes = async (email: string, times: number, address: string) => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < times; attempt += 1) statuses.push((await signIn(ctx.app, email, 'wrong-password', address)).statusCode);
    return statuses;
  };

  it("makes a stranger's address wait, while the owner signs in from another address", async () => {
    const user = await signUp(ctx.app);
    expect(await failTimes(user.email, PER_ADDRESS, STRANGER)).toEqual([401, 401, 401]);
    const locked = await signIn(ctx.app, user.email, 'wrong-password', STRANGER);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(LOCKED_MESSAGE) });
    expect(locked.json().error.message).toContain('15 minutes');
    expect(retryAfter(locked)).toBeGreaterThan(14 * 60);
    expect(retryAfter(locked)).toBeLessThanOrEqual(15 * 60);
    // That address waits even with the right password...
    expect((await signIn(ctx.app, user.email, user.password, STRANGER)).statusCode).toBe(429);
    // ...but the owner, elsewhere, is let in at once, and so is the stranger's address for another account.
    expect((await signIn(ctx.app, user.email, user.password, OWNER)).statusCode).toBe(200);
    const other = await signUp(ctx.app);
    expect((await signIn(ctx.app, other.email, other.password, STRANGER)).statusCode).toBe(200);
  });

  it('doubles the wait with each further failure from the same address', async () => {
    const user = await signUp(ctx.app);
    const pair = `sign-in:%:${encodeURIComponent(user.email)}:${STRANGER}`;
    await failTimes(user.email, PER_ADDRESS, STRANGER);
    expect(retryAfter(await signIn(ctx.app, user.email, 'wrong-password', STRANGER))).toBeLessThanOrEqual(15 * 60);
    await timePasses(pair, '15 minutes');
    expect(await failTimes(user.email, 1, STRANGER)).toEqual([401]);
    const second = await signIn(ctx.app, user.email, 'wrong-password', STRANGER);
    expect(second.statusCode).toBe(429);
    expect(second.json().error.message).toContain('30 minutes');
    expect(retryAfter(second)).toBeGreaterThan(15 * 60);
    expect(retryAfter(second)).toBeLessThanOrEqual(30 * 60);
    await timePasses(pair, '30 minutes');
    expect(await failTimes(user.email, 1, STRANGER)).toEqual([401]);
    const third = await signIn(ctx.app, user.email, 'wrong-password', STRANGER);
    expect(retryAfter(third)).toBeGreaterThan(30 * 60);
    expect(retryAfter(third)).toBeLessThanOrEqual(60 * 60);
  });

  it('starts an address afresh after a right password from it', async () => {
    const user = await signUp(ctx.app);
    expect(await failTimes(user.email, PER_ADDRESS - 1, OWNER)).toEqual([401, 401]);
    expect((await signIn(ctx.app, user.email, user.password, OWNER)).statusCode).toBe(200);
    expect(await failTimes(user.email, PER_ADDRESS, OWNER)).toEqual([401, 401, 401]);
    expect((await signIn(ctx.app, user.email, 'wrong-password', OWNER)).statusCode).toBe(429);
  });

  it('counts an IPv6 network (/64) as one address', async () => {
    const user = await signUp(ctx.app);
    const statuses = [];
    for (const host of ['a', 'b', 'c', 'd']) statuses.push((await signIn(ctx.app, user.email, 'wrong-password', `2001:db8:1:2::${host}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await signIn(ctx.app, user.email, user.password, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('keeps the failures per account within the hourly bound, even when they come all at once from many addresses', async () => {
    const user = await signUp(ctx.app);
    const addresses = Array.from({ length: 12 }, (_, index) => `192.0.2.${index + 1}`);
    const answers = await Promise.all(addresses.map((address) => signIn(ctx.app, user.email, 'wrong-password', address)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(PER_ACCOUNT_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(addresses.length - PER_ACCOUNT_PER_HOUR);
    // The bound is reached: now everyone waits, the owner too (decision 005: the price of the bound)...
    const owner = await signIn(ctx.app, user.email, user.password, OWNER);
    expect(owner.statusCode).toBe(429);
    expect(retryAfter(owner)).toBeLessThanOrEqual(60 * 60);
    // ...until the hour is over.
    await timePasses(`sign-in:account-failures:${encodeURIComponent(user.email)}`, '1 hour');
    expect((await signIn(ctx.app, user.email, user.password, OWNER)).statusCode).toBe(200);
  });

  it("keeps a browser that signed in before its own allowance when strangers used up the account's hour", async () => {
    const user = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const deviceOf = (response: Awaited<ReturnType<typeof signIn>>) =>
      cookiesFrom(response)
        .split('; ')
        .find((pair) => pair.startsWith('fincrypt.device='))!;
    const signInWith = (email: string, password: string, cookie: string, address: string) =>
      call(ctx.app, 'POST', '/api/auth/sign-in/email', { body: { email, password }, cookie, remoteAddress: address });
    // The owner's browser signed in once; so did another account's.
    const device = deviceOf(await signIn(ctx.app, user.email, user.password, OWNER));
    expect(device).toMatch(/^fincrypt\.device=/);
    const othersDevice = deviceOf(await signIn(ctx.app, other.email, other.password, OWNER));

    // Strangers from many addresses use up the account's hour: now every other browser waits, the right password or not.
    const addresses = Array.from({ length: PER_ACCOUNT_PER_HOUR }, (_, index) => `192.0.2.${index + 1}`);
    for (const address of addresses) expect((await signIn(ctx.app, user.email, 'wrong-password', address)).statusCode).toBe(401);
    expect((await signIn(ctx.app, user.email, user.password, '198.51.100.77')).statusCode).toBe(429);
    // A cookie of another account, or one not signed by the server, is no device of this account.
    const [name, value] = device.split('=') as [string, string];
    const forged = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const cookie of [othersDevice.replace(/^fincrypt\.device=/, `${name}=`), forged]) {
      expect((await signInWith(user.email, user.password, cookie, '198.51.100.78')).statusCode).toBe(429);
    }

    // The owner's browser, from a new address, is let in...
    const known = await signInWith(user.email, user.password, device, '198.51.100.79');
    expect(known.statusCode).toBe(200);
    // ...and has an allowance of its own: its wrong passwords make it wait as an address's would.
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= PER_ADDRESS; attempt += 1) statuses.push((await signInWith(user.email, 'wrong-password', device, '198.51.100.79')).statusCode);
    expect(statuses).toEqual([...Array<number>(PER_ADDRESS).fill(401), 429]);
  });

  it("cannot reach another account's counters through a crafted email", async () => {
    const user = await signUp(ctx.app);
    // Were counters keyed by plain "email:address", this account-wide key would be the owner's address key.
    await failTimes(`${user.email}:${OWNER}`, PER_ADDRESS + 2, STRANGER);
    expect((await signIn(ctx.app, user.email, user.password, OWNER)).statusCode).toBe(200);
  });
});

describeEachDatabase('sign-in rate limit per IP', (kind) => {
  const ctx = useTestApp(kind, { rateLimits: { signInPerIp: 5 } });

  it('limits every attempt from one IP address, whichever account it names', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await signIn(ctx.app, uniqueEmail(), 'whatever-pass')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describeEachDatabase('two-factor sign-in', (kind) => {
  const ctx = useTestApp(kind);

  it('enables 2FA with a QR URI, then asks for a code at sign-in; a code works once', async () => {
    const user = await signUp(ctx.app);
    const wrongPassword = await call(ctx.app, 'POST', '/api/auth/two-factor/enable', { cookie: user.cookie, body: { password: 'nope-nope' } });
    expect(wrongPassword.statusCode).toBe(400);

    const enable = await call(ctx.app, 'POST', '/api/auth/two-factor/enable', { cookie: user.cookie, body: { password: user.password } });
    expect(enable.statusCode).toBe(200);
    const { totpURI, backupCodes } = enable.json();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/FinCrypt:/);
    expect(backupCodes).toHaveLength(10);
    // Ten different codes, none with a look-alike character (0/O, 1/I/l).
    expect(new Set(backupCodes).size).toBe(10);
    for (const backupCode of backupCodes) expect(backupCode).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    const secret = secretFromOtpauthUri(totpURI);

    // Not enabled until confirmed with a code.
    expect((await call(ctx.app, 'GET', '/api/account', { cookie: user.cookie })).json().twoFactorEnabled).toBe(false);
    const badCode = await call(ctx.app, 'POST', '/api/auth/two-factor/verify-totp', { cookie: user.cookie, body: { code: '12345' } });
    expect(badCode.json().error.message).toBe(ACCOUNT_MESSAGES.codeFormat);
    const setupCode = await previousTotpCode(secret);
    const confirm = await call(ctx.app, 'POST', '/api/auth/two-factor/verify-totp', { cookie: user.cookie, body: { code: setupCode } });
    expect(confirm.statusCode).toBe(200);
    const cookie = cookiesFrom(confirm) || user.cookie;
    expect((await call(ctx.app, 'GET', '/api/account', { cookie })).json().twoFactorEnabled).toBe(true);

    // The password alone no longer signs in: better-auth answers with a 2FA challenge cookie.
    const firstStep = await signIn(ctx.app, user.email, user.password);
    expect(firstStep.statusCode).toBe(200);
    expect(firstStep.json()).toMatchObject({ twoFactorRedirect: true });
    const challenge = cookiesFrom(firstStep);
    expect(challenge).not.toMatch(/fincrypt\.session_token=/);

    const wrong = await call(ctx.app, 'POST', '/api/auth/two-factor/verify-totp', { cookie: challenge, body: { code: '000000' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(ACCOUNT_MESSAGES.codeInvalid);

    const code = totpCode(secret);
    const second = await call(ctx.app, 'POST', '/api/auth/two-factor/verify-totp', { cookie: challenge, body: { code } });
    expect(second.statusCode).toBe(200);
    const sessionCookie = cookiesFrom(second);
    expect(sessionCookie).toMatch(/fincrypt\.session_token=/);
    expect((await call(ctx.app, 'GET', '/api/account', { cookie: sessionCookie })).statusCode).toBe(200);

    // The same code cannot be used again, even for a fresh sign-in.
    const again = cookiesFrom(await signIn(ctx.app, user.email, user.password));
    const replay = await call(ctx.app, 'POST', '/api/auth/two-factor/verify-totp', { cookie: again, body: { code } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe(ACCOUNT_MESSAGES.codeAlreadyUsed);

    // A backup code finishes the sign-in instead, once.
    const backup = await call(ctx.app, 'POST', '/api/auth/two-factor/verify-backup-code', { cookie: again, body: { code: backupCodes[0] } });
    expect(backup.statusCode).toBe(200);
    const yetAgain = cookiesFrom(await signIn(ctx.app, user.email, user.password));
    const backupReplay = await call(ctx.app, 'POST', '/api/auth/two-factor/verify-backup-code', {
      cookie: yetAgain,
      body: { code: backupCodes[0] },
    });
    expect(backupReplay.statusCode).toBe(401);

    // Disabling needs the password and a code; then the password alone signs in again.
    const disableWith = (body: object) => call(ctx.app, 'POST', '/api/auth/two-factor/disable', { cookie: sessionCookie, body });
    const noCode = await disableWith({ password: user.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error).toEqual({ code: 'TWO_FACTOR_CODE_REQUIRED', message: ACCOUNT_MESSAGES.twoFactorCodeRequired });
    const wrongPasswordWithCode = await disableWith({ password: 'not-the-password', code: backupCodes[1] });
    expect(wrongPasswordWithCode.json().error.code).toBe('INVALID_PASSWORD');
    const wrongCode = await disableWith({ password: user.password, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error).toEqual({ code: 'WRONG_CONFIRMATION_CODE', message: 'Invalid code' });
    const usedBackupCode = await disableWith({ password: user.password, code: backupCodes[0] });
    expect(usedBackupCode.json().error.code).toBe('WRONG_CONFIRMATION_CODE');
    expect((await call(ctx.app, 'GET', '/api/account', { cookie: sessionCookie })).json().twoFactorEnabled).toBe(true);
    // A backup code the wrong password did not spend does it.
    const disable = await disableWith({ password: user.password, code: backupCodes[1] });
    expect(disable.statusCode).toBe(200);
    const plain = await signIn(ctx.app, user.email, user.password);
    expect(plain.json().twoFactorRedirect).toBeUndefined();
    expect(cookiesFrom(plain)).toMatch(/fincrypt\.session_token=/);
  });
});
