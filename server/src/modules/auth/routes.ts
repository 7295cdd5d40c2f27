import {
  API_ERRORS,
  backupCodeSchema,
  disableTwoFactorSchema,
  passedOnMessages,
  passwordConfirmationSchema,
  signInSchema,
  signUpSchema,
  totpCodeSchema,
} from '@fincrypt/domain';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimitCounts } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { twoFactors } from '../../db/schema.ts';
import { rateLimited } from '../../errors.ts';
import type { EventBus } from '../../lib/event-bus.ts';
import { type RateLimitRule, type RateLimiter, describeWait } from '../../lib/rate-limiter.ts';
import { sessionRoom } from '../../plugins/realtime.ts';
import { profileEventOf } from '../account/repo.ts';
import { refuseForDemoAccount } from './demo-accounts.ts';
import { createDeviceCookies } from './device-cookie.ts';
import { type Auth, TWO_FACTOR_LOCKOUT } from './auth.ts';
import { errorCodeOf, sendFetchResponse, toFetchRequest } from './fetch-bridge.ts';
import { createIdentityCheck } from './identity-check.ts';
import { passkeyRoutes } from './passkey-routes.ts';
import { type LockoutAttempt, type LockoutRules, createLockout, lockoutRules, passwordLockout } from './lockout.ts';
import { cookieValue, verifySignedValue } from './session-reader.ts';
import { readSession } from './session-plugin.ts';

export interface AuthRateLimits {
  /** Every sign-in attempt from one IP address. */
  signInPerIp: RateLimitRule;
  /**
   * Wrong passwords for one account: per (account, client address) with growing waits, and from everywhere
   * together (decision 005). The same rules bound wrong current passwords per user (modules/account).
   */
  lockout: LockoutRules;
  signUpPerIp: RateLimitRule;
  /** 2FA attempts from one IP address: codes, and the password that turns 2FA on or off. */
  twoFactorPerIp: RateLimitRule;
  /** New emails one user may try (each tells whether an address has an account, as a sign-up does). */
  emailChangesPerUser: RateLimitRule;
}

/** The windows are fixed; the counts come from the configuration (so tests can reach them quickly). */
export function authRateLimits(counts: RateLimitCounts): AuthRateLimits {
  return {
    signInPerIp: { limit: counts.signInPerIp, windowMs: 5 * 60_000 },
    lockout: lockoutRules(counts.signInFailuresPerAccount, counts.signInFailuresPerAccountPerHour),
    signUpPerIp: { limit: counts.signUpPerIp, windowMs: 60 * 60_000 },
    twoFactorPerIp: { limit: counts.twoFactorPerIp, windowMs: 5 * 60_000 },
    emailChangesPerUser: { limit: counts.emailChangesPerUser, windowMs: 60 * 60_000 },
  };
}

/** The counter of sign-up attempts from one address; an email change counts there too (modules/account). */
export const signUpCounterKey = (ip: string) => `sign-up:ip:${ip}`;

/** better-auth's error codes, in the words our screens use (the error registry's). */
const ERROR_MESSAGES = passedOnMessages('better-auth');

const tooMany = (what: string, retryAfterMs: number) =>
  rateLimited(API_ERRORS.RATE_LIMITED.messages.tooMany(what, describeWait(retryAfterMs)), retryAfterMs);

const okResponse = z.unknown();

/**
 * Forwards a counted attempt to better-auth and settles it: a wrong password counts, a success clears the
 * address, anything else (another error, a throw) gives the reserved failure back.
 */
async function forwardAttempt(
  auth: Auth,
  attempt: LockoutAttempt,
  request: FastifyRequest,
  body: unknown,
  isWrongPassword: (response: Response) => boolean | Promise<boolean>,
): Promise<Response> {
  let response: Response;
  try {
    response = await auth.handler(toFetchRequest(request, body));
  } catch (error) {
    await attempt.abandoned();
    throw error;
  }
  if (response.ok) await attempt.succeeded();
  else if (await isWrongPassword(response)) await attempt.failed();
  else await attempt.abandoned();
  return response;
}

/**
 * better-auth locks the 2FA sign-in step of an account after repeated wrong codes (TWO_FACTOR_LOCKOUT) and
 * answers 429 without saying for how long: the wait is read from the account's lock, found through the
 * challenge cookie the request carries.
 */
async function twoFactorLockWaitMs(db: Database['db'], context: Awaited<Auth['$context']>, request: FastifyRequest): Promise<number> {
  const fallback = TWO_FACTOR_LOCKOUT.durationSeconds * 1000;
  const signed = cookieValue(request.headers.cookie, context.createAuthCookie('two_factor').name);
  const identifier = signed === undefined ? undefined : verifySignedValue(signed, context.secret);
  const challenge = identifier === undefined ? null : await context.internalAdapter.findVerificationValue(identifier);
  if (!challenge) return fallback;
  const [row] = await db.select({ lockedUntil: twoFactors.lockedUntil }).from(twoFactors).where(eq(twoFactors.userId, challenge.value));
  return row?.lockedUntil ? Math.max(0, row.lockedUntil.getTime() - Date.now()) : fallback;
}

/**
 * The better-auth endpoints the app uses, each behind our own body schema (same messages as the forms)
 * and database-backed rate limits; any other /api/auth path is a 404. Endpoints for a signed-in user check
 * the session first (onRequest), so a signed-out caller learns nothing from validation messages.
 */
export const authRoutes: FastifyPluginAsyncZod<{
  auth: Auth;
  limiter: RateLimiter;
  limits: AuthRateLimits;
  database: Pick<Database, 'ping' | 'db'>;
  events: EventBus;
}> = async (app, { auth, limiter, limits, database, events }) => {
  const { db } = database;
  const send = (reply: FastifyReply, response: Response, extraCookies?: readonly string[]) =>
    sendFetchResponse(reply, response, ERROR_MESSAGES, database.ping, extraCookies);
  const forward = async (request: FastifyRequest, reply: FastifyReply, body?: unknown) =>
    send(reply, await auth.handler(toFetchRequest(request, body)));

  const enforce = async (key: string, rule: RateLimitRule, what: string) => {
    const verdict = await limiter.hit(key, rule);
    if (!verdict.isAllowed) throw tooMany(what, verdict.retryAfterMs);
  };

  const signInLockout = createLockout(limiter, limits.lockout, 'sign-in', 'sign-in attempts for this account');
  const passwords = passwordLockout(limiter, limits.lockout);
  const confirmIdentity = createIdentityCheck({ db, auth, lockout: passwords });
  const context = await auth.$context;
  const deviceCookie = context.createAuthCookie('device');
  const devices = createDeviceCookies({ name: deviceCookie.name, secret: context.secret, isSecure: deviceCookie.attributes.secure === true });

  /**
   * Tells the user's other sessions that their profile changed: 2FA turned on or off. better-auth replaced the
   * session that did it (`replacedSessionId`), whose tabs have their answer: they are left out, or they would
   * refetch with the cookie of a session that no longer exists and be signed out.
   */
  const announceProfile = async (userId: string, replacedSessionId: string) => {
    const event = await profileEventOf(db, userId);
    if (event) events.publish(userId, 'profile_update', event, { exceptSessionId: replacedSessionId });
  };

  /** Forwards a 2FA code to better-auth, turning its account lock into our 429 with Retry-After. */
  const forwardCode = async (request: FastifyRequest, reply: FastifyReply, body: unknown) => {
    const response = await auth.handler(toFetchRequest(request, body));
    if (response.status === 429) throw tooMany('code attempts for this account', await twoFactorLockWaitMs(db, context, request));
    return send(reply, response);
  };

  await app.register(passkeyRoutes, { auth, db, ping: database.ping, send, enforce, confirmIdentity, limits });

  app.get(
    '/get-session',
    { schema: { tags: ['auth'], summary: 'The current session and user, or null' } },
    (request, reply) => forward(request, reply),
  );

  app.post(
    '/sign-up/email',
    { schema: { tags: ['auth'], summary: 'Create an account and sign in', body: signUpSchema, response: { 200: okResponse } } },
    async (request, reply) => {
      await enforce(`sign-up:ip:${request.ip}`, limits.signUpPerIp, 'sign-up attempts');
      return forward(request, reply, request.body);
    },
  );

  app.post(
    '/sign-in/email',
    { schema: { tags: ['auth'], summary: 'Sign in with email and password', body: signInSchema, response: { 200: okResponse } } },
    async (request, reply) => {
      await enforce(`sign-in:ip:${request.ip}`, limits.signInPerIp, 'sign-in attempts');
      // Per (account, address): a stranger's wrong guesses make the stranger wait, not the owner elsewhere; a
      // browser that signed in to the account before counts on its own (device-cookie.ts).
      const { email } = request.body;
      const attempt = await signInLockout.begin(email, request.ip, devices.read(request.headers.cookie, email));
      const response = await forwardAttempt(auth, attempt, request, request.body, (answer) => answer.status === 401);
      // The password was right: this browser is now a known device of the account (its cookie renewed).
      return send(reply, response, response.ok ? [devices.issue(email)] : []);
    },
  );

  app.post(
    '/sign-out',
    { schema: { tags: ['auth'], summary: 'End the session on the server (and close its realtime sockets)' } },
    async (request, reply) => {
      const session = await readSession(auth, request.headers);
      const response = await auth.handler(toFetchRequest(request, {}));
      if (response.ok && session) app.realtime.in(sessionRoom(session.session.id)).disconnectSockets(true);
      return send(reply, response);
    },
  );

  app.post(
    '/two-factor/enable',
    {
      onRequest: app.requireSession,
      schema: { tags: ['auth'], summary: 'Start 2FA set-up: returns the otpauth URI and backup codes', body: passwordConfirmationSchema },
    },
    async (request, reply) => {
      refuseForDemoAccount(request.user);
      await enforce(`two-factor:ip:${request.ip}`, limits.twoFactorPerIp, 'two-factor attempts');
      // A wrong password here counts like one at a password change: the same per-user lockout.
      const attempt = await passwords.begin(request.user.id, request.ip);
      const response = await forwardAttempt(auth, attempt, request, request.body, async (answer) => (await errorCodeOf(answer)) === 'INVALID_PASSWORD');
      return send(reply, response);
    },
  );

  app.post(
    '/two-factor/disable',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['auth'],
        summary: 'Turn 2FA off (the password, and a TOTP or backup code)',
        body: disableTwoFactorSchema,
      },
    },
    async (request, reply) => {
      refuseForDemoAccount(request.user);
      await enforce(`two-factor:ip:${request.ip}`, limits.twoFactorPerIp, 'two-factor attempts');
      const { password, code } = request.body;
      await confirmIdentity(request, { password, code }, { passwordWrong: API_ERRORS.INVALID_PASSWORD.messages.passwordIncorrect });
      const response = await auth.handler(toFetchRequest(request, { password }));
      if (response.ok) await announceProfile(request.user.id, request.sessionId);
      return send(reply, response);
    },
  );

  app.post(
    '/two-factor/verify-totp',
    { schema: { tags: ['auth'], summary: 'Confirm 2FA set-up, or finish a 2FA sign-in, with a TOTP code', body: totpCodeSchema } },
    async (request, reply) => {
      await enforce(`two-factor:ip:${request.ip}`, limits.twoFactorPerIp, 'code attempts');
      // Signed in, this confirms the set-up: 2FA turns on, and the user's other sessions are told.
      const session = await readSession(auth, request.headers);
      await forwardCode(request, reply, request.body);
      if (session && reply.statusCode === 200) await announceProfile(session.user.id, session.session.id);
      return reply;
    },
  );

  app.post(
    '/two-factor/verify-backup-code',
    { schema: { tags: ['auth'], summary: 'Finish a 2FA sign-in with a backup code', body: backupCodeSchema } },
    async (request, reply) => {
      await enforce(`two-factor:ip:${request.ip}`, limits.twoFactorPerIp, 'code attempts');
      return forwardCode(request, reply, request.body);
    },
  );
};
