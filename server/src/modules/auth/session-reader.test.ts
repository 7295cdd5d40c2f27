import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.ts';
import { call, signUp } from '../../test/auth-client.ts';
import { useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';
import { cookieValue, verifySignedValue } from './session-reader.ts';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const sign = (value: string, secret = SECRET) => `${value}.${createHmac('sha256', secret).update(value).digest('base64')}`;

describe('session cookie reading', () => {
  it('finds the named cookie among others and URL-decodes it', () => {
    const header = `theme=dark; fincrypt.session_token=${encodeURIComponent(sign('tok'))}; other=1`;
    expect(cookieValue(header, 'fincrypt.session_token')).toBe(sign('tok'));
    expect(cookieValue(header, 'session_token')).toBeUndefined();
    expect(cookieValue(undefined, 'fincrypt.session_token')).toBeUndefined();
    expect(cookieValue('fincrypt.session_token=%E0%A4%A', 'fincrypt.session_token')).toBeUndefined();
  });

  it('accepts a value signed with the secret and nothing else', () => {
    expect(verifySignedValue(sign('abc.def'), SECRET)).toBe('abc.def');
    expect(verifySignedValue(sign('abc', 'another-secret-of-enough-length-0123456789'), SECRET)).toBeUndefined();
    const [, signature] = sign('abc').split('.');
    expect(verifySignedValue(`abd.${signature}`, SECRET)).toBeUndefined();
    expect(verifySignedValue('abc', SECRET)).toBeUndefined();
    expect(verifySignedValue(`abc.${signature!.slice(1)}`, SECRET)).toBeUndefined();
  });
});

describeEachDatabase('sessions on protected routes', (kind) => {
  const ctx = useTestApp(kind);
  const DAY_MS = 24 * 60 * 60_000;

  const sessionOf = async (userId: string) => {
    const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    return row;
  };

  it('lets a live session in and keeps a tampered or unknown cookie out', async () => {
    const user = await signUp(ctx.app);
    expect((await call(ctx.app, 'GET', '/api/wallets', { cookie: user.cookie })).statusCode).toBe(200);
    // The token's last character changed: to 'x', or to 'y' when it already is an 'x' (1 token in 62).
    const tampered = user.cookie.replace(/session_token=([^;.]+)/, (_match, token: string) => `session_token=${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`);
    expect(tampered).not.toBe(user.cookie);
    expect((await call(ctx.app, 'GET', '/api/wallets', { cookie: tampered })).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/wallets', { cookie: 'fincrypt.session_token=nothing.here' })).statusCode).toBe(401);
  });

  it('refuses an expired session and deletes it', async () => {
    const user = await signUp(ctx.app);
    await ctx.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(sessions.userId, user.id));
    expect((await call(ctx.app, 'GET', '/api/wallets', { cookie: user.cookie })).statusCode).toBe(401);
    expect(await sessionOf(user.id)).toBeUndefined();
  });

  it('slides a session that is due for refresh forward by the full lifetime', async () => {
    const user = await signUp(ctx.app);
    // Issued six days ago: one day left, past the one-day update age.
    const oneDayLeft = new Date(Date.now() + DAY_MS);
    await ctx.database.db.update(sessions).set({ expiresAt: oneDayLeft }).where(eq(sessions.userId, user.id));
    expect((await call(ctx.app, 'GET', '/api/wallets', { cookie: user.cookie })).statusCode).toBe(200);
    const refreshed = await sessionOf(user.id);
    expect(refreshed!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS);
  });

  it('does not write to a session that is not due for refresh', async () => {
    const user = await signUp(ctx.app);
    const before = await sessionOf(user.id);
    expect((await call(ctx.app, 'GET', '/api/wallets', { cookie: user.cookie })).statusCode).toBe(200);
    expect((await sessionOf(user.id))!.updatedAt).toEqual(before!.updatedAt);
  });
});
