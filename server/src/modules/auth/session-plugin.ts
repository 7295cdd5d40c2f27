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
    /**
     * On a route configured `sessionFromMemory`, the session token when the user came from the server's memory of an
     * earlier request rather than from the database: the route must check it in the database (the send does).
     */
    unconfirmedSessionToken: string | undefined;
  }
  interface FastifyInstance {
    requireSession: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyContextConfig {
    /** The route checks the session in its own database statement, so `requireSession` may take it from memory. */
    sessionFromMemory?: boolean;
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
  app.decorateRequest('unconfirmedSessionToken', undefined);
  async function readInto(request: FastifyRequest, mayRemember: boolean) {
    const session = await readSessionOf(request.headers.cookie, () => toFetchHeaders(request.headers), { mayRemember });
    if (!session) throw unauthorized();
    request.user = session.user;
    request.sessionId = session.sessionId;
    request.unconfirmedSessionToken = session.unconfirmedToken;
  }
  app.decorate('requireSession', (request: FastifyRequest) => readInto(request, request.routeOptions.config.sessionFromMemory === true));
});
