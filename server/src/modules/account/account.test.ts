import { ACCOUNT_MESSAGES, DEFAULT_NOTIFICATION_PREFERENCES } from '@fincrypt/domain';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { totpCode } from '@fincrypt/test-support';
import { type TestUser, call, cookiesFrom, signIn, signUp, turnOnTwoFactor, uniqueEmail } from '../../test/auth-client.ts';
import { useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';

/** Every route that acts on the signed-in user's own account, with a valid body. */
const ACCOUNT_ROUTES = [
  { method: 'GET', url: '/api/account' },
  { method: 'PATCH', url: '/api/account/profile', body: { name: 'X', email: 'x@example.com', avatar: 'preset-1' } },
  { method: 'POST', url: '/api/account/password', body: { currentPassword: 'whatever1', newPassword: 'whatever2' } },
  { method: 'GET', url: '/api/account/notifications' },
  { method: 'PUT', url: '/api/account/notifications', body: DEFAULT_NOTIFICATION_PREFERENCES },
  { method: 'POST', url: '/api/auth/two-factor/enable', body: { password: 'whatever1' } },
  { method: 'POST', url: '/api/auth/two-factor/disable', body: { password: 'whatever1' } },
] as const;

describeEachDatabase('account API', (kind) => {
  const ctx = useTestApp(kind);

  it('answers 401 on every account route when signed out, or with a bogus cookie', async () => {
    for (const route of ACCOUNT_ROUTES) {
      const body = 'body' in route ? route.body : undefined;
      const anonymous = await call(ctx.app, route.method, route.url, { body });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      const bogus = await call(ctx.app, route.method, route.url, { body, cookie: 'fincrypt.session_token=forged.value' });
      expect(bogus.statusCode, `${route.method} ${route.url} (forged)`).toBe(401);
    }
  });

  it('returns the profile with the real creation date and the default avatar', async () => {
    const before = Date.now();
    const user = await signUp(ctx.app, { name: 'Grace' });
    const profile = (await call(ctx.app, 'GET', '/api/account', { cookie: user.cookie })).json();
    expect(profile).toMatchObject({ id: user.id, name: 'Grace', email: user.email, avatar: 'preset-1', twoFactorEnabled: false });
    expect(Date.parse(profile.createdAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('updates the profile, and refuses with the messages of docs/product.md#validation-messages', async () => {
    const user = await signUp(ctx.app);
    const update = (body: unknown) => call(ctx.app, 'PATCH', '/api/account/profile', { cookie: user.cookie, body });
    const valid = { name: 'New Name', email: user.email, avatar: 'preset-4' };
    for (const [body, message] of [
      [{ ...valid, name: '' }, ACCOUNT_MESSAGES.nameRequired],
      [{ ...valid, email: '' }, ACCOUNT_MESSAGES.emailRequired],
      [{ ...valid, email: 'a@b' }, ACCOUNT_MESSAGES.emailInvalid],
    ] as const) {
      const response = await update(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    const saved = await update(valid);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'New Name', avatar: 'preset-4' });
    const session = await call(ctx.app, 'GET', '/api/auth/get-session', { cookie: user.cookie });
    expect(session.json().user.name).toBe('New Name');
  });

  it('refuses an email that belongs to another account, and changes only your own account', async () => {
    const alice = await signUp(ctx.app, { name: 'Alice' });
    const bob = await signUp(ctx.app, { name: 'Bob' });
    const steal = await call(ctx.app, 'PATCH', '/api/account/profile', {
      cookie: bob.cookie,
      body: { name: 'Bob', email: alice.email.toUpperCase(), avatar: 'preset-1', currentPassword: bob.password },
    });
    expect(steal.statusCode).toBe(409);
    expect(steal.json().error.message).toBe(ACCOUNT_MESSAGES.emailTaken);
    // Nor may Bob move to a simulated participant's email, which the demo network would then take for its own.
    const posing = await call(ctx.app, 'PATCH', '/api/account/profile', {
      cookie: bob.cookie,
      body: { name: 'Bob', email: 'amara-lagos@simulated.fincrypt.invalid', avatar: 'preset-1', currentPassword: bob.password },
    });
    expect(posing.statusCode).toBe(400);
    expect(posing.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: ACCOUNT_MESSAGES.emailReserved } });
    expect((await call(ctx.app, 'GET', '/api/account', { cookie: bob.cookie })).json()).toMatchObject({ email: bob.email });
    const aliceProfile = (await call(ctx.app, 'GET', '/api/account', { cookie: alice.cookie })).json();
    expect(aliceProfile).toMatchObject({ name: 'Alice', email: alice.email });

    // Bob's new email signs him in; Alice still signs in with hers.
    const newEmail = `bob-new-${Date.now()}@example.com`;
    const moved = await call(ctx.app, 'PATCH', '/api/account/profile', {
      cookie: bob.cookie,
      body: { name: 'Bob', email: newEmail, avatar: 'preset-2', currentPassword: bob.password },
    });
    expect(moved.statusCode).toBe(200);
    expect((await signIn(ctx.app, newEmail, bob.password)).statusCode).toBe(200);
    expect((await signIn(ctx.app, alice.email, alice.password)).statusCode).toBe(200);
  });

  it('asks for the current password to change the email, and a 2FA code when 2FA is on', async () => {
    const user = await signUp(ctx.app);
    let cookie = user.cookie;
    const update = (body: object) => call(ctx.app, 'PATCH', '/api/account/profile', { cookie, body: { name: user.name, avatar: 'preset-1', ...body } });
    // Name and avatar alone need nothing more.
    expect((await update({ email: user.email, name: 'Renamed' })).statusCode).toBe(200);
    const noPassword = await update({ email: uniqueEmail('moved') });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error).toEqual({ code: 'CURRENT_PASSWORD_REQUIRED', message: ACCOUNT_MESSAGES.currentPasswordToChangeEmail });
    const wrongPassword = await update({ email: uniqueEmail('moved'), currentPassword: 'not-my-password' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error).toEqual({ code: 'INVALID_PASSWORD', message: ACCOUNT_MESSAGES.currentPasswordIncorrect });
    expect((await call(ctx.app, 'GET', '/api/account', { cookie })).json().email).toBe(user.email);

    // With 2FA on, the password alone is not enough.
    const { secret, backupCodes, cookie: renewed } = await turnOnTwoFactor(ctx.app, user);
    cookie = renewed;
    const passwordOnly = await update({ email: uniqueEmail('moved'), currentPassword: user.password });
    expect(passwordOnly.json().error).toEqual({ code: 'TWO_FACTOR_CODE_REQUIRED', message: ACCOUNT_MESSAGES.twoFactorCodeRequired });
    const wrongCode = await update({ email: uniqueEmail('moved'), currentPassword: user.password, code: '000000' });
    expect(wrongCode.json().error).toEqual({ code: 'WRONG_CONFIRMATION_CODE', message: 'Invalid code' });

    const code = totpCode(secret, Date.now() + 30_000);
    const first = uniqueEmail('first');
    const moved = await update({ email: first, currentPassword: user.password, code });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().email).toBe(first);
    // A TOTP code works once; a backup code works too, once.
    const replay = await update({ email: uniqueEmail('again'), currentPassword: user.password, code });
    expect(replay.json().error.code).toBe('CODE_ALREADY_USED');
    const second = uniqueEmail('second');
    expect((await update({ email: second, currentPassword: user.password, code: backupCodes[0] })).statusCode).toBe(200);
    expect((await update({ email: uniqueEmail('third'), currentPassword: user.password, code: backupCodes[0] })).json().error.code).toBe(
      'WRONG_CONFIRMATION_CODE',
    );
    expect((await signIn(ctx.app, second, user.password)).json()).toMatchObject({ twoFactorRedirect: true });
  });

  it('changes the password after checking the current one, and signs out other sessions', async () => {
    const user = await signUp(ctx.app);
    const otherDevice = cookiesFrom(await signIn(ctx.app, user.email, user.password));
    const change = (body: unknown) => call(ctx.app, 'POST', '/api/account/password', { cookie: user.cookie, body });

    const wrong = await change({ currentPassword: 'not-my-password', newPassword: 'brand-new-pass' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(ACCOUNT_MESSAGES.currentPasswordIncorrect);
    expect((await change({ currentPassword: '', newPassword: 'brand-new-pass' })).json().error.message).toBe(
      ACCOUNT_MESSAGES.currentPasswordRequired,
    );
    expect((await change({ currentPassword: user.password, newPassword: '' })).json().error.message).toBe(
      ACCOUNT_MESSAGES.newPasswordRequired,
    );
    expect((await change({ currentPassword: user.password, newPassword: 'short' })).json().error.message).toBe(
      ACCOUNT_MESSAGES.passwordTooShort,
    );

    const ok = await change({ currentPassword: user.password, newPassword: 'brand-new-pass' });
    expect(ok.statusCode).toBe(200);
    const renewed = cookiesFrom(ok);
    expect(renewed).toMatch(/fincrypt\.session_token=/);
    expect((await call(ctx.app, 'GET', '/api/account', { cookie: renewed })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/account', { cookie: otherDevice })).statusCode).toBe(401);
    expect((await signIn(ctx.app, user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(ctx.app, user.email, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('keeps notification preferences per user, starting from the defaults', async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    expect((await call(ctx.app, 'GET', '/api/account/notifications', { cookie: alice.cookie })).json()).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );
    const changed = { transactionAlerts: false, fraudDetection: true, emailNotifications: false, marketUpdates: true };
    const saved = await call(ctx.app, 'PUT', '/api/account/notifications', { cookie: alice.cookie, body: changed });
    expect(saved.json()).toEqual(changed);
    expect((await call(ctx.app, 'GET', '/api/account/notifications', { cookie: alice.cookie })).json()).toEqual(changed);
    expect((await call(ctx.app, 'GET', '/api/account/notifications', { cookie: bob.cookie })).json()).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );
    const partial = await call(ctx.app, 'PUT', '/api/account/notifications', { cookie: alice.cookie, body: { marketUpdates: false } });
    expect(partial.statusCode).toBe(400);
  });

  it('answers fuzzed bodies with 4xx, never 5xx, and changes nothing', async () => {
    const user = await signUp(ctx.app, { name: 'Fuzz Target' });
    const snapshot = async () => ({
      profile: (await call(ctx.app, 'GET', '/api/account', { cookie: user.cookie })).json(),
      preferences: (await call(ctx.app, 'GET', '/api/account/notifications', { cookie: user.cookie })).json(),
    });
    const before = await snapshot();
    const weirdString = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.constant('x'.repeat(20_000)),
      fc.constant('\u0000\u202e<script>'),
      fc.constantFrom('\ud800', 'name\udc00', 'a@b.co\u0000'),
    );
    const weirdValue = fc.oneof(weirdString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }));
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record({ name: weirdValue, email: weirdValue, avatar: weirdValue }, { requiredKeys: [] }),
      fc.record({ currentPassword: weirdValue, newPassword: weirdValue }, { requiredKeys: [] }),
      // Four booleans are a valid settings change, which rightly answers 200: not a bad body.
      fc
        .record({ transactionAlerts: weirdValue, fraudDetection: weirdValue, emailNotifications: weirdValue, marketUpdates: weirdValue })
        .filter((settings) => !Object.values(settings).every((value) => typeof value === 'boolean')),
      fc.record({ password: weirdValue, code: weirdValue }, { requiredKeys: [] }),
    );
    const targets = [
      ['PATCH', '/api/account/profile'],
      ['POST', '/api/account/password'],
      ['PUT', '/api/account/notifications'],
      ['POST', '/api/auth/two-factor/enable'],
      ['POST', '/api/auth/two-factor/verify-totp'],
      ['POST', '/api/auth/sign-in/email'],
      ['POST', '/api/auth/sign-up/email'],
    ] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), body, async ([method, url], payload) => {
        const response = await call(ctx.app, method, url, { cookie: user.cookie, body: payload });
        const isSignUpThatWorked = url === '/api/auth/sign-up/email' && response.statusCode === 200;
        if (!isSignUpThatWorked) {
          expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload).slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        }
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json().error?.message ?? 'ok').toEqual(expect.any(String));
      }),
      { numRuns: 150 },
    );
    expect(await snapshot()).toEqual(before);
  });
});

describeEachDatabase('email changes: no faster an oracle than sign-up', (kind) => {
  const PER_USER = 3;
  const SIGN_UPS_PER_ADDRESS = 4;
  const ctx = useTestApp(kind, { rateLimits: { emailChangesPerUser: PER_USER, signUpPerIp: SIGN_UPS_PER_ADDRESS } });
  let addressNumber = 0;
  /** A client address of its own for each sign-up and test, so the per-address counts start at zero. */
  const newAddress = () => `198.51.100.${(addressNumber += 1)}`;
  const signUpFrom = async (remoteAddress: string) => {
    const account = { name: 'Mover', email: uniqueEmail('mover'), password: 'correct-horse-1' };
    const response = await call(ctx.app, 'POST', '/api/auth/sign-up/email', { body: account, remoteAddress });
    expect(response.statusCode).toBe(200);
    return { ...account, id: response.json().user.id as string, cookie: cookiesFrom(response) };
  };
  const changeEmail = (user: TestUser, email: string, remoteAddress: string, currentPassword = user.password) =>
    call(ctx.app, 'PATCH', '/api/account/profile', {
      cookie: user.cookie,
      remoteAddress,
      body: { name: user.name, email, avatar: 'preset-1', currentPassword },
    });

  it("answers someone else's email as sign-up does, and limits the tries per user, with Retry-After", async () => {
    const owner = await signUpFrom(newAddress());
    const prober = await signUpFrom(newAddress());
    const address = newAddress();
    // Sign-up tells a taken address apart, in the same words.
    const signUpTaken = await call(ctx.app, 'POST', '/api/auth/sign-up/email', {
      body: { name: 'X', email: owner.email, password: 'correct-horse-1' },
      remoteAddress: newAddress(),
    });
    expect(signUpTaken.json().error.message).toBe(ACCOUNT_MESSAGES.emailTaken);
    // A wrong password learns nothing and uses up nothing.
    for (let attempt = 0; attempt < PER_USER + 1; attempt += 1) {
      expect((await changeEmail(prober, owner.email, address, 'wrong-password')).json().error.code).toBe('INVALID_PASSWORD');
    }
    const statuses: number[] = [];
    for (let attempt = 0; attempt < PER_USER; attempt += 1) statuses.push((await changeEmail(prober, owner.email, newAddress())).statusCode);
    expect(statuses).toEqual(Array(PER_USER).fill(409));
    // Now even a free address waits: the answer comes no faster than PER_USER an hour.
    const limited = await changeEmail(prober, uniqueEmail('free'), newAddress());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many email changes\. Please wait \d+ minutes? and try again\.$/),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
    expect((await call(ctx.app, 'GET', '/api/account', { cookie: prober.cookie })).json().email).toBe(prober.email);
    // Name and avatar still change.
    const renamed = await call(ctx.app, 'PATCH', '/api/account/profile', {
      cookie: prober.cookie,
      body: { name: 'Still Me', email: prober.email, avatar: 'preset-5' },
    });
    expect(renamed.statusCode).toBe(200);
  });

  it('counts each email change as a sign-up attempt from its address, so many accounts do not multiply the rate', async () => {
    const address = newAddress();
    const probers = [];
    for (let index = 0; index < SIGN_UPS_PER_ADDRESS + 1; index += 1) probers.push(await signUpFrom(newAddress()));
    const statuses: number[] = [];
    for (const prober of probers) statuses.push((await changeEmail(prober, uniqueEmail('probe'), address)).statusCode);
    expect(statuses).toEqual([...Array(SIGN_UPS_PER_ADDRESS).fill(200), 429]);
    const signUpThen = await call(ctx.app, 'POST', '/api/auth/sign-up/email', {
      body: { name: 'Late', email: uniqueEmail('late'), password: 'correct-horse-1' },
      remoteAddress: address,
    });
    expect(signUpThen.statusCode).toBe(429);
  });
});
