import { randomBytes } from 'node:crypto';
import { secretFromOtpauthUri, totpCode } from '@fincrypt/test-support';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TEST_ORIGIN } from './test-app.ts';

export const SESSION_COOKIE = 'fincrypt.session_token';

/** The cookies a response sets, as one Cookie header value (name=value; …). */
export function cookiesFrom(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return list
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/** Requests as the browser sends them: JSON, from the app's own origin, with the given cookies. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return app.inject({
    method,
    url,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    headers: {
      origin: TEST_ORIGIN,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
  cookie: string;
}

export async function signUp(app: FastifyInstance, overrides: Partial<Omit<TestUser, 'id' | 'cookie'>> = {}): Promise<TestUser> {
  const user = { name: 'Test User', email: uniqueEmail(), password: 'correct-horse-1', ...overrides };
  const response = await call(app, 'POST', '/api/auth/sign-up/email', { body: user });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { ...user, id: response.json().user.id, cookie: cookiesFrom(response) };
}

/** Signs in; `remoteAddress` is the client address the server sees (127.0.0.1 by default). */
export async function signIn(app: FastifyInstance, email: string, password: string, remoteAddress?: string) {
  return call(app, 'POST', '/api/auth/sign-in/email', { body: { email, password }, remoteAddress });
}

/** Turns 2FA on for a user (password, then a first code); the session is renewed on the way. */
export async function turnOnTwoFactor(app: FastifyInstance, user: TestUser) {
  const enable = await call(app, 'POST', '/api/auth/two-factor/enable', { cookie: user.cookie, body: { password: user.password } });
  const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
  const secret = secretFromOtpauthUri(totpURI);
  const confirm = await call(app, 'POST', '/api/auth/two-factor/verify-totp', { cookie: user.cookie, body: { code: totpCode(secret) } });
  if (confirm.statusCode !== 200) throw new Error(`2FA set-up failed: ${confirm.body}`);
  return { secret, backupCodes, cookie: cookiesFrom(confirm) || user.cookie };
}
