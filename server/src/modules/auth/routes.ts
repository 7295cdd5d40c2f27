import {
  API_ERRORS,
  backupCodeSchema,
  passedOnMessages,
  passwordConfirmationSchema,
  signInSchema,
  signUpSchema,
  totpCodeSchema,
} from '@fincrypt/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimitCounts } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { type RateLimitRule, type RateLimiter, describeWait } from '../../lib/rate-limiter.ts';
import { sessionRoom } from '../../plugins/realtime.ts';
import type { Database } from '../../db/database.ts';
import type { Auth } from './auth.ts';
import { sendFetchResponse, toFetchRequest } from './fetch-bridge.ts';
import { readSession } from './session-plugin.ts';

export interface AuthRateLimits {
  /** Every sign-in attempt from one IP address. */
  signInPerIp: RateLimitRule;
  /** Failed sign-ins for one account (by email), whichever IP they come from. */
  signInFailuresPerAccount: RateLimitRule;
  signUpPerIp: RateLimitRule;
  /** 2FA attempts from one IP address: codes, and the password that turns 2FA on or off. */
  twoFactorPerIp: RateLimitRule;
}

/** The windows are fixed; the counts come from the configuration (so tests can reach them quickly). */
export function authRateLimits(counts: RateLimitCounts): AuthRateLimits {
  return {
    signInPerIp: { limit: counts.signInPerIp, windowMs: 5 * 60_000 },
    signInFailuresPerAccount: { limit: counts.signInFailuresPerAccount, windowMs: 15 * 60_000 },
    signUpPerIp: { limit: counts.signUpPerIp, windowMs: 60 * 60_000 },
    twoFactorPerIp: { limit: counts.twoFactorPerIp, windowMs: 5 * 60_000 },
  };
}

/** better-auth's error codes, in the words our screens use (the error registry's). */
const ERROR_MESSAGES = passedOnMessages('better-auth');

const tooMany = (what: string, retryAfterMs: number) =>
  new AppError('RATE_LIMITED', API_ERRORS.RATE_LIMITED.messages.tooMany(what, describeWait(retryAfterMs)));

const okResponse = z.unknown();

/**
 * The better-auth endpoints the app uses, each behind our own body schema (same messages as the forms)
 * and database-backed rate limits; any other /api/auth path is a 404. Endpoints for a signed-in user check
 * the session first (onRequest), so a signed-out caller learns nothing from validation messages.
 */
export const authRoutes: FastifyPluginAsyncZod<{ auth: Auth; limiter: RateLimiter; limits: AuthRateLimits; database: Pick<Database, 'ping'> }> = async (
  app,
  { auth, limiter, limits, database },
) => {
  const send = (reply: FastifyReply, response: Response) => sendFetchResponse(reply, response, ERROR_MESSAGES, database.ping);
  const forward = async (request: FastifyRequest, reply: FastifyReply, body?: unknown) =>
    send(reply, await auth.handler(toFetchRequest(request, body)));

  const enforce = async (key: string, rule: RateLimitRule, what: string) => {
    const verdict = await limiter.hit(key, rule);
    if (!verdict.isAllowed) throw tooMany(what, verdict.retryAfterMs);
  };

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
      const accountKey = `sign-in:account:${request.body.email}`;
      const account = await limiter.peek(accountKey, limits.signInFailuresPerAccount);
      if (!account.isAllowed) throw tooMany('sign-in attempts for this account', account.retryAfterMs);
      const response = await auth.handler(toFetchRequest(request, request.body));
      if (response.status === 401) await limiter.hit(accountKey, limits.signInFailuresPerAccount);
      else if (response.ok) await limiter.reset(accountKey);
      return send(reply, response);
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
      await enforce(`two-factor:ip:${request.ip}`, limits.twoFactorPerIp, 'two-factor attempts');
      return forward(request, reply, request.body);
    },
  );

  app.post(
    '/two-factor/disable',
    { onRequest: app.requireSession, schema: { tags: ['auth'], summary: 'Turn 2FA off (password required)', body: passwordConfirmationSchema } },
    async (request, reply) => {
      await enforce(`two-factor:ip:${request.ip}`, limits.twoFactorPerIp, 'two-factor attempts');
      return forward(request, reply, request.body);
    },
  );

  app.post(
    '/two-factor/verify-totp',
    { schema: { tags: ['auth'], summary: 'Confirm 2FA set-up, or finish a 2FA sign-in, with a TOTP code', body: totpCodeSchema } },
    async (request, reply) => {
      await enforce(`two-factor:ip:${request.ip}`, limits.twoFactorPerIp, 'code attempts');
      return forward(request, reply, request.body);
    },
  );

  app.post(
    '/two-factor/verify-backup-code',
    { schema: { tags: ['auth'], summary: 'Finish a 2FA sign-in with a backup code', body: backupCodeSchema } },
    async (request, reply) => {
      await enforce(`two-factor:ip:${request.ip}`, limits.twoFactorPerIp, 'code attempts');
      return forward(request, reply, request.body);
    },
  );
};
