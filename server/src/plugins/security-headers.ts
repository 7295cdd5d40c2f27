import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /** PUBLIC_URL is https: browsers are told to use https only (HSTS). */
  isHttps: boolean;
}

/**
 * Security headers on every response. Scripts only from our own origin (no inline scripts: the theme
 * is set by a small external file); inline *styles* stay allowed because Radix and the chart library
 * position elements with style attributes. API answers carry personal data: no cache keeps them unless
 * a route says otherwise.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: SecurityHeadersOptions) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Plain HTTP on localhost in the demo; behind TLS (an https PUBLIC_URL) browsers are told to stay on https.
    strictTransportSecurity: options.isHttps ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
});
