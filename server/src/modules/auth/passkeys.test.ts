import { API_ERRORS, DEMO_ACCOUNTS, DEMO_PASSWORD, PASSKEY_MESSAGES, PASSKEY_NAME_MAX_CHARS } from '@fincrypt/domain';
import { totpCode } from '@fincrypt/test-support';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { type TestUser, call, cookiesFrom, signIn, signUp, turnOnTwoFactor } from '../../test/auth-client.ts';
import { OPTIONS_TO_ADD, OPTIONS_TO_SIGN_IN, addPasskey, createSoftwarePasskey, signInWithPasskey } from '../../test/software-passkey.ts';
import { useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';

const listPasskeys = async (app: FastifyInstance, user: { cookie: string }) =>
  (await call(app, 'GET', '/api/auth/passkey/list-user-passkeys', { cookie: user.cookie })).json() as Array<{ id: string; name: string; lastUsedAt: string | null }>;

const sessionUserOf = async (app: FastifyInstance, cookie: string) => (await call(app, 'GET', '/api/auth/get-session', { cookie })).json()?.user?.id;

describeEachDatabase('passkeys: add, sign in, list and remove', (kind) => {
  const ctx = useTestApp(kind, { shouldSeedDemoAccounts: true });

  it('adds a passkey under the public URL as relying party, lists it, and signs in with it alone', async () => {
    const user = await signUp(ctx.app);
    const options = (await call(ctx.app, 'GET', OPTIONS_TO_ADD, { cookie: user.cookie })).json();
    expect(options.rp).toEqual({ name: 'FinCrypt', id: 'localhost' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'preferred' });

    const { response } = await addPasskey(ctx.app, user, '  Work laptop  ');
    expect(response.statusCode, response.body).toBe(200);
    const [listed, ...others] = await listPasskeys(ctx.app, user);
    expect(others).toEqual([]);
    expect(listed).toMatchObject({ name: 'Work laptop', lastUsedAt: null, isSynced: false });

    const { key } = await addPasskey(ctx.app, user, 'Phone');
    const signedIn = await signInWithPasskey(ctx.app, key);
    expect(signedIn.response.statusCode, signedIn.response.body).toBe(200);
    expect(JSON.stringify(signedIn.response.json())).not.toContain('"token"');
    expect(await sessionUserOf(ctx.app, cookiesFrom(signedIn.response))).toBe(user.id);
    const afterwards = await listPasskeys(ctx.app, user);
    expect(afterwards.map((passkey) => passkey.name)).toEqual(['Phone', 'Work laptop']);
    expect(afterwards[0]!.lastUsedAt).not.toBeNull();
    expect(afterwards[1]!.lastUsedAt).toBeNull();
  });

  it('counts a passkey as both factors: no TOTP step, while the password still asks for one', async () => {
    const user = await signUp(ctx.app);
    const { cookie } = await turnOnTwoFactor(ctx.app, user);
    const { key } = await addPasskey(ctx.app, { cookie });
    const { response } = await signInWithPasskey(ctx.app, key);
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('twoFactorRedirect');
    expect(await sessionUserOf(ctx.app, cookiesFrom(response))).toBe(user.id);
    expect((await signIn(ctx.app, user.email, user.password)).json()).toMatchObject({ twoFactorRedirect: true });
  });

  it('uses a challenge once, refuses an expired one, and refuses an answer made for another origin', async () => {
    const user = await signUp(ctx.app);
    const { key } = await addPasskey(ctx.app, user);
    const first = await signInWithPasskey(ctx.app, key);
    expect(first.response.statusCode).toBe(200);
    const replay = await call(ctx.app, 'POST', '/api/auth/passkey/verify-authentication', { cookie: first.challengeCookie, body: { response: first.answer } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toEqual({ code: 'CHALLENGE_NOT_FOUND', message: API_ERRORS.CHALLENGE_NOT_FOUND.messages.challengeExpired });
    expect(replay.headers['set-cookie'] ?? '').not.toMatch(/session_token=[^;]/);

    const options = await call(ctx.app, 'GET', OPTIONS_TO_SIGN_IN);
    await ctx.database.db.execute(sql`update verifications set expires_at = now() - interval '1 second' where value like '%"authentication"%'`);
    const late = await call(ctx.app, 'POST', '/api/auth/passkey/verify-authentication', { cookie: cookiesFrom(options), body: { response: key.signIn(options.json()) } });
    expect(late.json().error.code).toBe('CHALLENGE_NOT_FOUND');

    const noCookie = await call(ctx.app, 'POST', '/api/auth/passkey/verify-authentication', { body: { response: first.answer } });
    expect(noCookie.json().error.code).toBe('CHALLENGE_NOT_FOUND');

    const phished = await signInWithPasskey(ctx.app, key, { origin: 'https://fincrypt.example.net' });
    expect(phished.response.statusCode).toBe(400);
    expect(phished.response.json().error).toEqual({ code: 'AUTHENTICATION_FAILED', message: API_ERRORS.AUTHENTICATION_FAILED.messages.notVerified });
    expect(cookiesFrom(phished.response)).not.toMatch(/session_token/);
  });

  it("never signs one account in with another's passkey, and keeps a credential to one account", async () => {
    const alice = await signUp(ctx.app, { name: 'Alice' });
    const bob = await signUp(ctx.app, { name: 'Bob' });
    const { key: alicesKey } = await addPasskey(ctx.app, alice);
    const { key: bobsKey } = await addPasskey(ctx.app, bob);
    expect(await sessionUserOf(ctx.app, cookiesFrom((await signInWithPasskey(ctx.app, alicesKey)).response))).toBe(alice.id);
    expect(await sessionUserOf(ctx.app, cookiesFrom((await signInWithPasskey(ctx.app, bobsKey)).response))).toBe(bob.id);

    // Bob's key claiming Alice's credential id: the signature is checked against Alice's public key.
    const impostor = createSoftwarePasskey({ credentialId: alicesKey.credentialId });
    const forged = await signInWithPasskey(ctx.app, impostor);
    expect(forged.response.statusCode).toBe(400);
    expect(cookiesFrom(forged.response)).not.toMatch(/session_token/);

    // Alice's credential offered to Bob's account, or a new key under her credential id: refused, nothing stored.
    for (const key of [alicesKey, impostor]) {
      const again = await addPasskey(ctx.app, bob, 'Not mine', key);
      expect(again.response.statusCode).toBe(409);
      expect(again.response.json().error.message).toBe(API_ERRORS.PASSKEY_ALREADY_REGISTERED.messages.alreadyRegistered);
    }
    expect(await listPasskeys(ctx.app, bob)).toHaveLength(1);

    const unknown = await signInWithPasskey(ctx.app, createSoftwarePasskey());
    expect(unknown.response.statusCode).toBe(401);
    expect(unknown.response.json().error.message).toBe(API_ERRORS.PASSKEY_NOT_FOUND.messages.unknownPasskey);
  });

  it('removes a passkey only after the password, and a code when 2FA is on; it then signs in no more', async () => {
    const user = await signUp(ctx.app);
    const { key } = await addPasskey(ctx.app, user);
    const [passkey] = await listPasskeys(ctx.app, user);
    const remove = (body: object, cookie = user.cookie) => call(ctx.app, 'POST', '/api/auth/passkey/delete-passkey', { cookie, body });

    const noPassword = await remove({ id: passkey!.id });
    expect(noPassword.statusCode).toBe(400);
    const wrong = await remove({ id: passkey!.id, password: 'not-my-password' });
    expect(wrong.json().error).toEqual({ code: 'INVALID_PASSWORD', message: API_ERRORS.INVALID_PASSWORD.messages.passwordIncorrect });
    const stranger = await signUp(ctx.app);
    expect((await remove({ id: passkey!.id, password: stranger.password }, stranger.cookie)).statusCode).toBe(404);
    expect(await listPasskeys(ctx.app, user)).toHaveLength(1);

    const { secret, cookie } = await turnOnTwoFactor(ctx.app, user);
    const withoutCode = await remove({ id: passkey!.id, password: user.password }, cookie);
    expect(withoutCode.json().error.code).toBe('TWO_FACTOR_CODE_REQUIRED');
    const removed = await remove({ id: passkey!.id, password: user.password, code: totpCode(secret, Date.now() + 30_000) }, cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await listPasskeys(ctx.app, { cookie })).toEqual([]);
    expect((await signInWithPasskey(ctx.app, key)).response.statusCode).toBe(401);
  });

  it('checks names and answers with the form messages, and a forged answer is a 400 that stores nothing', async () => {
    const user = await signUp(ctx.app);
    for (const [name, message] of [
      ['   ', PASSKEY_MESSAGES.nameRequired],
      ['x'.repeat(PASSKEY_NAME_MAX_CHARS + 1), PASSKEY_MESSAGES.nameTooLong],
    ] as const) {
      const { response } = await addPasskey(ctx.app, user, name);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    const options = await call(ctx.app, 'GET', OPTIONS_TO_ADD, { cookie: user.cookie });
    const answer = createSoftwarePasskey().register(options.json());
    const forged = { ...answer, response: { ...answer.response, attestationObject: 'AAAA' } };
    const refused = await call(ctx.app, 'POST', '/api/auth/passkey/verify-registration', {
      cookie: `${user.cookie}; ${cookiesFrom(options)}`,
      body: { name: 'Forged', response: forged },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('FAILED_TO_VERIFY_REGISTRATION');
    expect(await listPasskeys(ctx.app, user)).toEqual([]);
  });

  it('adds none to a shared demo account, and asks a day-old session to sign in again first', async () => {
    const demo = await signIn(ctx.app, DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
    const refused = await call(ctx.app, 'GET', OPTIONS_TO_ADD, { cookie: cookiesFrom(demo) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('DEMO_ACCOUNT_SIGN_IN_FIXED');

    const user: TestUser = await signUp(ctx.app);
    await ctx.database.db.execute(sql`update sessions set created_at = created_at - interval '25 hours' where user_id = ${user.id}`);
    const stale = await call(ctx.app, 'GET', OPTIONS_TO_ADD, { cookie: user.cookie });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error).toEqual({ code: 'SESSION_NOT_FRESH', message: API_ERRORS.SESSION_NOT_FRESH.messages.signInAgain });
  });
});

describeEachDatabase('passkey sign-ins share the per-address limit of password sign-ins', (kind) => {
  const ctx = useTestApp(kind, { rateLimits: { signInPerIp: 3 } });

  it('counts passkey and password sign-ins from one address together, and answers 429 with Retry-After', async () => {
    const user = await signUp(ctx.app);
    const { key } = await addPasskey(ctx.app, user);
    const address = '203.0.113.51';
    expect((await signIn(ctx.app, user.email, user.password, address)).statusCode).toBe(200);
    expect((await signInWithPasskey(ctx.app, key, { remoteAddress: address })).response.statusCode).toBe(200);
    expect((await signIn(ctx.app, user.email, 'wrong-password', address)).statusCode).toBe(401);
    const { response } = await signInWithPasskey(ctx.app, key, { remoteAddress: address });
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signInWithPasskey(ctx.app, key, { remoteAddress: '203.0.113.52' })).response.statusCode).toBe(200);
  });
});
