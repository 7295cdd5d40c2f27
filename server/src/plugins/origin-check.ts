import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF protection for cookie-authenticated writes: a browser always sends Origin (or Sec-Fetch-Site)
 * with a cross-site POST, so a write to /api whose Origin is not ours is refused before any handler runs.
 * Requests without either header come from non-browser clients, which cannot carry a victim's cookie.
 */
export const originCheckPlugin = fp(async (app: FastifyInstance, options: { trustedOrigins: string[] }) => {
  const trusted = new Set(options.trustedOrigins);
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const isForeignOrigin = origin !== undefined && origin !== 'null' && !trusted.has(origin);
    const isNullOrigin = origin === 'null';
    const isCrossSiteFetch = fetchSite === 'cross-site';
    if (isForeignOrigin || isNullOrigin || isCrossSiteFetch) {
      throw new AppError(403, 'FORBIDDEN_ORIGIN', 'This request came from another site and was refused');
    }
  });
});
