import { API_ERRORS, addPasskeySchema, removePasskeySchema, signInWithPasskeySchema } from '@fincrypt/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { RateLimitRule } from '../../lib/rate-limiter.ts';
import type { Auth } from './auth.ts';
import { refuseForDemoAccount } from './demo-accounts.ts';
import { errorCodeOf, toFetchRequest } from './fetch-bridge.ts';
import type { ConfirmIdentity } from './identity-check.ts';
import { isCredentialRegistered, isPasskeyOf, listPasskeys } from './passkeys.ts';

export interface PasskeyRouteDeps {
  auth: Auth;
  db: Db;
  ping: () => Promise<void>;
  /** better-auth's answer onto the reply, in our words. */
  send: (reply: FastifyReply, response: Response) => Promise<FastifyReply>;
  /** Counts one hit against a per-IP rule; 429 past it. */
  enforce: (key: string, rule: RateLimitRule, what: string) => Promise<void>;
  confirmIdentity: ConfirmIdentity;
  limits: { signInPerIp: RateLimitRule; twoFactorPerIp: RateLimitRule };
}

/**
 * Passkeys through better-auth's passkey plugin (decision 054): adding one (signed in, not a demo account), signing
 * in with one (rate limited with the password sign-ins of the same address), listing and removing them (removal asks
 * for the password, and a code when 2FA is on, as an email change does).
 */
export const passkeyRoutes: FastifyPluginAsyncZod<PasskeyRouteDeps> = async (app, deps) => {
  const { auth, db, send, enforce, limits } = deps;
  const forward = async (request: FastifyRequest, reply: FastifyReply, body?: unknown) => send(reply, await auth.handler(toFetchRequest(request, body)));

  app.get(
    '/passkey/list-user-passkeys',
    { onRequest: app.requireSession, schema: { tags: ['auth'], summary: "The account's passkeys: name, created, last used" } },
    async (request) => listPasskeys(db, request.user.id),
  );

  app.get(
    '/passkey/generate-register-options',
    { onRequest: app.requireSession, schema: { tags: ['auth'], summary: 'Start adding a passkey: the options for navigator.credentials.create()' } },
    async (request, reply) => {
      refuseForDemoAccount(request.user);
      await enforce(`two-factor:ip:${request.ip}`, limits.twoFactorPerIp, 'passkey attempts');
      return forward(request, reply);
    },
  );

  app.post(
    '/passkey/verify-registration',
    {
      onRequest: app.requireSession,
      schema: { tags: ['auth'], summary: "Finish adding a passkey with the browser's answer and the name chosen", body: addPasskeySchema },
    },
    async (request, reply) => {
      refuseForDemoAccount(request.user);
      await enforce(`two-factor:ip:${request.ip}`, limits.twoFactorPerIp, 'passkey attempts');
      if (await isCredentialRegistered(db, request.body.response.id)) {
        throw new AppError('PASSKEY_ALREADY_REGISTERED', API_ERRORS.PASSKEY_ALREADY_REGISTERED.messages.alreadyRegistered);
      }
      const response = await auth.handler(toFetchRequest(request, request.body));
      // The plugin answers a response that does not verify with a 500; once the database answers, it is a 400.
      if (response.status === 500 && (await errorCodeOf(response)) === 'FAILED_TO_VERIFY_REGISTRATION') {
        await deps.ping();
        throw new AppError('FAILED_TO_VERIFY_REGISTRATION', API_ERRORS.FAILED_TO_VERIFY_REGISTRATION.messages.notVerified);
      }
      return send(reply, response);
    },
  );

  app.get(
    '/passkey/generate-authenticate-options',
    { schema: { tags: ['auth'], summary: 'Start a passkey sign-in: the options for navigator.credentials.get()' } },
    async (request, reply) => {
      // Every visit to /login asks for these (the browser's passkey autofill): its own counter, not the sign-ins'.
      await enforce(`passkey-options:ip:${request.ip}`, limits.signInPerIp, 'passkey requests');
      return forward(request, reply);
    },
  );

  app.post(
    '/passkey/verify-authentication',
    { schema: { tags: ['auth'], summary: "Sign in with a passkey (both factors at once): the browser's answer", body: signInWithPasskeySchema } },
    async (request, reply) => {
      await enforce(`sign-in:ip:${request.ip}`, limits.signInPerIp, 'sign-in attempts');
      return forward(request, reply, request.body);
    },
  );

  app.post(
    '/passkey/delete-passkey',
    {
      onRequest: app.requireSession,
      schema: { tags: ['auth'], summary: 'Remove a passkey (the password, and a code when 2FA is on)', body: removePasskeySchema },
    },
    async (request, reply) => {
      const { id, password, code } = request.body;
      if (!(await isPasskeyOf(db, request.user.id, id))) throw new AppError('NOT_FOUND', API_ERRORS.NOT_FOUND.messages.passkeyNotFound);
      await enforce(`two-factor:ip:${request.ip}`, limits.twoFactorPerIp, 'passkey attempts');
      await deps.confirmIdentity(request, { password, code }, { passwordWrong: API_ERRORS.INVALID_PASSWORD.messages.passwordIncorrect });
      return forward(request, reply, { id });
    },
  );
};
