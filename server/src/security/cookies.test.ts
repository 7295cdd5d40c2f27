import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { call, cookiesFrom, uniqueEmail } from '../test/auth-client.ts';
import { TEST_ORIGIN, useTestApp } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';
import { previousTotpCode, secretFromOtpauthUri, totpCode } from '@fincrypt/test-support';

const PUBLIC_URL = 'https://fincrypt.example';
const SECURE_SESSION_COOKIE = '__Secure-fincrypt.session_token';

function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : [header].flat();
}

/**
 * Every cookie must be HttpOnly, SameSite=Lax, Path=/ and Secure (behind TLS, under the __Secure- prefix); the device
 * cookie (modules/auth/device-cookie.ts) goes to the sign-in routes alone, Path=/api/auth.
 */
function expectHardened(cookies: string[]): void {
  for (const cookie of cookies) {
    const attributes = cookie.split(';').map((part) => part.trim().toLowerCase());
    expect(cookie).toMatch(/^__Secure-fincrypt\./);
    expect(attributes, cookie).toContain('httponly');
    expect(attributes, cookie).toContain('samesite=lax');
    expect(attributes, cookie).toContain(cookie.startsWith('__Secure-fincrypt.device=') ? 'path=/api/auth' : 'path=/');
    expect(attributes, cookie).toContain('secure');
    expect(attributes.some((attribute) => attribute.startsWith('domain=')), cookie).toBe(false);
  }
}

describeEachDatabase('session cookies behind TLS (PUBLIC_URL is https)', (kind) => {
  const ctx = useTestApp(kind, { config: { publicUrl: PUBLIC_URL, trustedOrigins: [PUBLIC_URL] } });
  const send = (method: 'GET' | 'POST', url: string, options: { cookie?: string; body?: unknown } = {}) =>
    call(ctx.app, method, url, { ...options, headers: { origin: PUBLIC_URL } });

  it('sets every auth cookie HttpOnly, SameSite=Lax, Path=/ and Secure, through sign-up, 2FA, sign-out and sign-in', async () => {
    const account = { name: 'Tls', email: uniqueEmail(), password: 'correct-horse-1' };
    const signUp = await send('POST', '/api/auth/sign-up/email', { body: account });
    expect(signUp.statusCode).toBe(200);
    expect(setCookies(signUp).some((cookie) => cookie.startsWith(`${SECURE_SESSION_COOKIE}=`))).toBe(true);
    expectHardened(setCookies(signUp));
    let cookie = cookiesFrom(signUp);

    const enable = await send('POST', '/api/auth/two-factor/enable', { cookie, body: { password: account.password } });
    expect(enable.statusCode).toBe(200);
    const secret = secretFromOtpauthUri(enable.json().totpURI);
    const confirm = await send('POST', '/api/auth/two-factor/verify-totp', { cookie, body: { code: await previousTotpCode(secret) } });
    expect(confirm.statusCode).toBe(200);
    expectHardened(setCookies(confirm));
    cookie = cookiesFrom(confirm) || cookie;

    const signOut = await send('POST', '/api/auth/sign-out', { cookie, body: {} });
    expect(signOut.statusCode).toBe(200);
    expect(setCookies(signOut).length).toBeGreaterThan(0);
    expectHardened(setCookies(signOut));

    // The 2FA challenge cookie, then the session it leads to.
    const firstStep = await send('POST', '/api/auth/sign-in/email', { body: { email: account.email, password: account.password } });
    expect(firstStep.json()).toMatchObject({ twoFactorRedirect: true });
    // The right password makes this browser a known device of the account (its own sign-in allowance).
    expect(setCookies(firstStep).some((cookie) => cookie.startsWith('__Secure-fincrypt.device='))).toBe(true);
    expectHardened(setCookies(firstStep));
    const secondStep = await send('POST', '/api/auth/two-factor/verify-totp', { cookie: cookiesFrom(firstStep), body: { code: totpCode(secret) } });
    expect(secondStep.statusCode).toBe(200);
    expectHardened(setCookies(secondStep));
    expect(cookiesFrom(secondStep)).toContain(`${SECURE_SESSION_COOKIE}=`);
  });

  it('tells browsers to stay on https (HSTS)', async () => {
    for (const url of ['/api/health', '/', '/api/nope']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
  });

  it('keeps the session token in the cookie only: no response body carries it', async () => {
    const account = { name: 'Tokenless', email: uniqueEmail(), password: 'correct-horse-1' };
    const signUp = await send('POST', '/api/auth/sign-up/email', { body: account });
    const signIn = await send('POST', '/api/auth/sign-in/email', { body: { email: account.email, password: account.password } });
    const cookie = cookiesFrom(signIn);
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    expect(token.length).toBeGreaterThan(16);
    const session = await send('GET', '/api/auth/get-session', { cookie });
    expect(session.json().session).toMatchObject({ id: expect.any(String), expiresAt: expect.any(String) });
    for (const response of [signUp, signIn, session]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).not.toHaveProperty('token');
      expect(response.body).not.toContain(token);
    }
    expect(session.json().session).not.toHaveProperty('token');
  });
});

/** The cookie the API docs tell clients to send, and the one sign-up sets, under the given PUBLIC_URL. */
async function documentedAndSetCookieNames(app: FastifyInstance, origin: string) {
  const documented = (await app.inject({ url: '/api/docs/json' })).json().components.securitySchemes.session;
  const account = { name: 'Docs', email: uniqueEmail(), password: 'correct-horse-1' };
  const signUp = await call(app, 'POST', '/api/auth/sign-up/email', { body: account, headers: { origin } });
  expect(signUp.statusCode).toBe(200);
  const sessionCookie = setCookies(signUp).find((cookie) => /session_token=/.test(cookie));
  return { documented, setName: sessionCookie?.split('=')[0] };
}

describeEachDatabase('the API docs name the session cookie the server sets', (kind) => {
  const https = useTestApp(kind, { config: { publicUrl: PUBLIC_URL, trustedOrigins: [PUBLIC_URL] } });
  const http = useTestApp(kind);

  it('is __Secure-fincrypt.session_token behind TLS', async () => {
    const { documented, setName } = await documentedAndSetCookieNames(https.app, PUBLIC_URL);
    expect(documented).toEqual({ type: 'apiKey', in: 'cookie', name: SECURE_SESSION_COOKIE });
    expect(setName).toBe(SECURE_SESSION_COOKIE);
  });

  it('is fincrypt.session_token on plain http', async () => {
    const { documented, setName } = await documentedAndSetCookieNames(http.app, TEST_ORIGIN);
    expect(documented).toEqual({ type: 'apiKey', in: 'cookie', name: 'fincrypt.session_token' });
    expect(setName).toBe('fincrypt.session_token');
  });
});
