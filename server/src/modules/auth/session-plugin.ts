import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors.ts';
import type { Auth } from './auth.ts';
import { toFetchHeaders } from './fetch-bridge.ts';

export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  createdAt: Date;
  twoFactorEnabled: boolean;
}

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

export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'Please sign in to continue');

/** Reads the session cookie; the user or null. */
export async function readSession(auth: Auth, headers: FastifyRequest['headers']) {
  return auth.api.getSession({ headers: toFetchHeaders(headers) });
}

/**
 * Adds `app.requireSession`, a preHandler that answers 401 unless the request carries a live session
 * (stored in the database, so a revoked or expired one fails at once).
 */
export const sessionPlugin = fp(async (app: FastifyInstance, options: { auth: Auth }) => {
  app.decorateRequest('user', null as unknown as SignedInUser);
  app.decorateRequest('sessionId', '');
  app.decorate('requireSession', async (request: FastifyRequest) => {
    const result = await readSession(options.auth, request.headers);
    if (!result) throw unauthorized();
    const user = result.user as typeof result.user & { twoFactorEnabled?: boolean | null };
    request.user = {
      id: user.id,
      name: user.name,
      email: user.email,
      image: user.image ?? null,
      createdAt: user.createdAt,
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
    };
    request.sessionId = result.session.id;
  });
});
