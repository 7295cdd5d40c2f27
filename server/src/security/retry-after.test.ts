import { secretFromOtpauthUri, totpCode } from '@fincrypt/test-support';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError, rateLimited } from '../errors.ts';
import { errorHandlerPlugin } from '../plugins/error-handler.ts';
import { type TestUser, call, cookiesFrom, uniqueEmail } from '../test/auth-client.ts';
import { externalAddress, postSend, walletOn } from '../test/ledger-client.ts';
import { useTestApp } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';

/** The wait a 429's message describes ("42 seconds", "15 minutes", "1 hour"), in seconds: its lower and upper bound. */
function describedWait(message: string): [number, number] {
  const match = /(\d+) (second|minute|hour)s?\b/.exec(message);
  if (!match) throw new Error(`no wait in "${message}"`);
  const unit = { second: 1, minute: 60, hour: 3600 }[match[2] as 'second' | 'minute' | 'hour'];
  const count = Number(match[1]);
  return [(count - 1) * unit, count * unit];
}

/** A 429 with `Retry-After` in whole seconds (≥ 1), agreeing with the wait its message describes. */
function expectRetryAfter(response: LightMyRequestResponse, route: string) {
  expect(response.statusCode, route).toBe(429);
  expect(response.json().error.code, route).toBe('RATE_LIMITED');
  const header = String(response.headers['retry-after']);
  expect(header, route).toMatch(/^\d+$/);
  const seconds = Number(header);
  expect(seconds, route).toBeGreaterThanOrEqual(1);
  const [low, high] = describedWait(response.json().error.message);
  expect(seconds, `${route}: ${seconds}s vs "${response.json().error.message}"`).toBeGreaterThanOrEqual(Math.max(1, low));
  expect(seconds, `${route}: ${seconds}s vs "${response.json().error.message}"`).toBeLessThanOrEqual(high);
}

/**
 * Every rate-limited route answers its 429 with `Retry-After`. Each limit is 1 here, and each request comes from
 * a client address of its own unless the test means to share one.
 */
describeEachDatabase('Retry-After on every 429', (kind) => {
  const ctx = useTestApp(kind, {
    rateLimits: {
      // Two, so that the second attempt from an address reaches the account lockout behind the per-address count.
      signInPerIp: 2,
      signInFailuresPerAccount: 1,
      signUpPerIp: 1,
      twoFactorPerIp: 1,
      contactPerIp: 1,
      sendPerUser: 1,
      emailChangesPerUser: 1,
    },
  });
  let addressNumber = 0;
  const newAddress = () => {
    addressNumber += 1;
    return `10.${Math.floor(addressNumber / 250)}.${addressNumber % 250}.1`;
  };
  const signUpFrom = async (remoteAddress = newAddress()): Promise<TestUser> => {
    const account = { name: 'Waiting', email: uniqueEmail('wait'), password: 'correct-horse-1' };
    const response = await call(ctx.app, 'POST', '/api/auth/sign-up/email', { body: account, remoteAddress });
    expect(response.statusCode).toBe(200);
    return { ...account, id: response.json().user.id, cookie: cookiesFrom(response) };
  };
  /** Sends the same request `times` times from one address (twice: one over a limit of 1); the last answer. */
  const repeated = async (method: 'POST' | 'PATCH', url: string, options: { body: unknown; cookie?: string }, times = 2) => {
    const remoteAddress = newAddress();
    for (let attempt = 1; attempt < times; attempt += 1) await call(ctx.app, method, url, { ...options, remoteAddress });
    return call(ctx.app, method, url, { ...options, remoteAddress });
  };

  it('contact messages per address', async () => {
    const body = { name: 'Sam', email: 'sam@example.com', subject: 'general', message: 'Hello there, twice' };
    expectRetryAfter(await repeated('POST', '/api/contact', { body }), 'POST /api/contact');
  });

  it('sign-ups per address', async () => {
    const remoteAddress = newAddress();
    await signUpFrom(remoteAddress);
    const second = await call(ctx.app, 'POST', '/api/auth/sign-up/email', {
      body: { name: 'Again', email: uniqueEmail(), password: 'correct-horse-1' },
      remoteAddress,
    });
    expectRetryAfter(second, 'POST /api/auth/sign-up/email');
  });

  it('sign-ins per address, and wrong passwords per account and address', async () => {
    const user = await signUpFrom();
    const perAddress = await repeated('POST', '/api/auth/sign-in/email', { body: { email: uniqueEmail(), password: 'whatever-1' } }, 3);
    expectRetryAfter(perAddress, 'sign-in per address');
    expect(perAddress.json().error.message).toMatch(/^Too many sign-in attempts\. /);
    // One wrong password from an address, and that address waits (its second attempt is within the per-address count).
    const stranger = newAddress();
    expect((await call(ctx.app, 'POST', '/api/auth/sign-in/email', { body: { email: user.email, password: 'wrong-1' }, remoteAddress: stranger })).statusCode).toBe(401);
    const locked = await call(ctx.app, 'POST', '/api/auth/sign-in/email', { body: { email: user.email, password: user.password }, remoteAddress: stranger });
    expectRetryAfter(locked, 'sign-in lockout');
    expect(locked.json().error.message).toMatch(/^Too many sign-in attempts for this account\. /);
  });

  it('2FA attempts per address: enable, disable, TOTP and backup codes', async () => {
    const user = await signUpFrom();
    for (const [url, body] of [
      ['/api/auth/two-factor/enable', { password: 'wrong-password' }],
      ['/api/auth/two-factor/disable', { password: 'wrong-password' }],
      ['/api/auth/two-factor/verify-totp', { code: '000000' }],
      ['/api/auth/two-factor/verify-backup-code', { code: 'ABCDE-FGHJK' }],
    ] as const) {
      expectRetryAfter(await repeated('POST', url, { body, cookie: user.cookie }), `POST ${url}`);
    }
  });

  it('the 2FA sign-in step, locked by better-auth after ten wrong codes', async () => {
    const user = await signUpFrom();
    const enable = await call(ctx.app, 'POST', '/api/auth/two-factor/enable', { cookie: user.cookie, body: { password: user.password }, remoteAddress: newAddress() });
    const secret = secretFromOtpauthUri(enable.json().totpURI);
    const confirm = await call(ctx.app, 'POST', '/api/auth/two-factor/verify-totp', { cookie: user.cookie, body: { code: totpCode(secret) }, remoteAddress: newAddress() });
    expect(confirm.statusCode).toBe(200);
    const challenge = async () => {
      const response = await call(ctx.app, 'POST', '/api/auth/sign-in/email', { body: { email: user.email, password: user.password }, remoteAddress: newAddress() });
      expect(response.json()).toMatchObject({ twoFactorRedirect: true });
      return cookiesFrom(response);
    };
    // better-auth allows five codes per challenge and ten per account before locking the step.
    const statuses: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      const cookie = await challenge();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        statuses.push((await call(ctx.app, 'POST', '/api/auth/two-factor/verify-backup-code', { cookie, body: { code: 'WRONG-CODE0' }, remoteAddress: newAddress() })).statusCode);
      }
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const cookie = await challenge();
    // Even the right code (the next step's: the current one was spent confirming the set-up) waits now.
    const rightCode = totpCode(secret, Date.now() + 30_000);
    const locked = await call(ctx.app, 'POST', '/api/auth/two-factor/verify-totp', { cookie, body: { code: rightCode }, remoteAddress: newAddress() });
    expectRetryAfter(locked, 'better-auth 2FA lock');
    expect(locked.json().error.message).toMatch(/^Too many code attempts for this account\. Please wait (14|15) minutes and try again\.$/);
  });

  it('wrong current passwords per user and address', async () => {
    const user = await signUpFrom();
    const body = { currentPassword: 'wrong-password', newPassword: 'another-horse-2' };
    expectRetryAfter(await repeated('POST', '/api/account/password', { body, cookie: user.cookie }), 'POST /api/account/password');
  });

  it('email changes per user', async () => {
    const user = await signUpFrom();
    const body = { name: user.name, email: uniqueEmail('new'), avatar: 'preset-1', currentPassword: user.password };
    await call(ctx.app, 'PATCH', '/api/account/profile', { cookie: user.cookie, body, remoteAddress: newAddress() });
    const again = await call(ctx.app, 'PATCH', '/api/account/profile', {
      cookie: user.cookie,
      body: { ...body, email: uniqueEmail('newer') },
      remoteAddress: newAddress(),
    });
    expectRetryAfter(again, 'PATCH /api/account/profile');
  });

  it('sends per user', async () => {
    const user = await signUpFrom();
    const wallet = await walletOn(ctx.app, user, 'polygon_amoy');
    const send = () => postSend(ctx.app, user, { walletId: wallet.id, to: externalAddress('polygon_amoy'), amount: '1' });
    expect((await send()).statusCode).toBe(201);
    expectRetryAfter(await send(), 'POST /api/transactions');
  });
});

describe('the error handler and Retry-After', () => {
  it('sends the wait in whole seconds, rounded up, at least 1, and only on a 429', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    const waits: Record<string, number | undefined> = { '/1500': 1500, '/60000': 60_000, '/0': 0, '/none': undefined };
    for (const [url, ms] of Object.entries(waits)) {
      app.get(url, async () => {
        throw ms === undefined ? new AppError('RATE_LIMITED', 'Too many requests.') : rateLimited('Too many requests.', ms);
      });
    }
    app.get('/not-found', async () => {
      throw new AppError('NOT_FOUND', 'Wallet not found', { retryAfterMs: 5000 });
    });
    const header = async (url: string) => (await app.inject({ method: 'GET', url })).headers['retry-after'];
    expect(await header('/1500')).toBe('2');
    expect(await header('/60000')).toBe('60');
    expect(await header('/0')).toBe('1');
    expect(await header('/none')).toBe('1');
    expect(await header('/not-found')).toBeUndefined();
    await app.close();
  });
});
