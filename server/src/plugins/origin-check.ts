import { API_ERRORS } from '@fincrypt/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF protection for cookie-authenticated writes: a browser always sends Origin (or Sec-Fetch-Site)
 * with a cross-site POST, so a write whose Origin is not ours is refused before any handler runs.
 * Requests without either header come from non-browser clients, which cannot carry a victim's cookie.
 * Every write is checked, whatever its path: the router decodes the path (`/%61pi/…` reaches `/api/…`),
 * so a check on the raw URL's prefix could be stepped around.
 */
export const originCheckPlugin = fp(async (app: FastifyInstance, options: { trustedOrigins: string[] }) => {
  const trusted = new Set(options.trustedOrigins);
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    // A route that reads no cookie and is meant for other sites' callers (the JSON-RPC endpoint) says so in its
    // config; the router has matched the decoded path by now, so no spelling of another path reaches this.
    if (request.routeOptions.config.isOpenToOtherSites === true) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const isForeignOrigin = origin !== undefined && !trusted.has(origin);
    const isCrossSiteFetch = fetchSite === 'cross-site';
    if (isForeignOrigin || isCrossSiteFetch) {
      throw new AppError('FORBIDDEN_ORIGIN', API_ERRORS.FORBIDDEN_ORIGIN.messages.otherSite);
    }
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads no session and answers any site (CORS): the origin check lets its writes through. */
    isOpenToOtherSites?: boolean;
  }
}
