import { API_ERRORS } from '@fincrypt/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from './auth.ts';
import { toFetchHeaders } from './fetch-bridge.ts';
import { createSessionReader, type SessionUser } from './session-reader.ts';

/** The signed-in user a request carries. */
export type SignedInUser = SessionUser;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireSession` on routes that need a signed-in user. */
    user: SignedInUser;
    sessionId: string;
  }
  interface FastifyInstance {
    requireSession: (request: FastifyRequest) => Promise<void>;
  }
}

export const unauthorized = () => new AppError('UNAUTHORIZED', API_ERRORS.UNAUTHORIZED.messages.signInRequired);

/** Reads the session cookie; the user or null. */
export async function readSession(auth: Auth, headers: FastifyRequest['headers']) {
  return auth.api.getSession({ headers: toFetchHeaders(headers) });
}

/**
 * Adds `app.requireSession`, a preHandler that answers 401 unless the request carries a live session
 * (stored in the database, so a revoked or expired one fails at once).
 */
export const sessionPlugin = fp(async (app: FastifyInstance, options: { auth: Auth; db: Db }) => {
  const readSessionOf = await createSessionReader(options.db, options.auth);
  app.decorateRequest('user', null as unknown as SignedInUser);
  app.decorateRequest('sessionId', '');
  async function readInto(request: FastifyRequest) {
    const session = await readSessionOf(request.headers.cookie, () => toFetchHeaders(request.headers));
    if (!session) throw unauthorized();
    request.user = session.user;
    request.sessionId = session.sessionId;
  }
  app.decorate('requireSession', readInto);
});
